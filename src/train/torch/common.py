"""What both GPU trainers share: a pool filled from the renderers' folder, and the learning rate."""
import math
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


def rate(peak, frac, step, warmup_steps, floor):
    """Linear warm-up over warmup_steps, then cosine decay from peak to floor x peak as frac goes 0 -> 1."""
    warm = min(1.0, step / warmup_steps)
    return peak * warm * (floor + (1 - floor) / 2 * (1 + math.cos(math.pi * frac)))
