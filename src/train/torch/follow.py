"""Filling a trainer's pool from a folder that renderer processes are still writing to."""
import threading
import time


def follow(pool, ready):
    """Scans until ready() holds, then goes on scanning in a background thread; returns the Event that stops it."""
    while not ready():
        pool.scan()
        time.sleep(1)
    stop = threading.Event()

    def feed():
        while not stop.is_set():
            if pool.scan() == 0:
                time.sleep(2)

    threading.Thread(target=feed, daemon=True).start()
    return stop
