/**
 * The webcam (issue 6 §2): the list of cameras, the chosen one opened at 1080p if it can (what was
 * granted is shown, since browsers settle for less), and its torch where it has one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface CameraState {
  devices: MediaDeviceInfo[];
  deviceId: string | null;
  stream: MediaStream | null;
  granted: { width: number; height: number; frameRate?: number } | null;
  torch: { available: boolean; on: boolean };
  error: string | null;
}

type TorchCaps = MediaTrackCapabilities & { torch?: boolean };

export function useCamera(active: boolean) {
  const [state, setState] = useState<CameraState>({ devices: [], deviceId: null, stream: null, granted: null, torch: { available: false, on: false }, error: null });
  const streamRef = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
  }, []);

  const open = useCallback(
    async (deviceId: string | null) => {
      stop();
      if (!navigator.mediaDevices?.getUserMedia) {
        setState((s) => ({ ...s, error: 'no-camera-api', stream: null }));
        return;
      }
      try {
        const video: MediaTrackConstraints = { width: { ideal: 1920 }, height: { ideal: 1080 } };
        // A chosen camera exactly; otherwise, on a phone held over the table, the one facing away.
        if (deviceId) video.deviceId = { exact: deviceId };
        else video.facingMode = { ideal: 'environment' };
        const stream = await navigator.mediaDevices.getUserMedia({ video, audio: false });
        streamRef.current = stream;
        const track = stream.getVideoTracks()[0];
        const settings = track.getSettings();
        const caps = (track.getCapabilities?.() ?? {}) as TorchCaps;
        const devices = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
        setState({
          devices,
          deviceId: settings.deviceId ?? deviceId,
          stream,
          granted: { width: settings.width ?? 0, height: settings.height ?? 0, frameRate: settings.frameRate },
          torch: { available: Boolean(caps.torch), on: false },
          error: null,
        });
      } catch (e) {
        const name = (e as DOMException).name;
        setState((s) => ({ ...s, stream: null, granted: null, error: name === 'NotAllowedError' ? 'camera-denied' : name === 'NotFoundError' ? 'no-camera' : (e as Error).message }));
      }
    },
    [stop],
  );

  const setTorch = useCallback(async (on: boolean) => {
    const track = streamRef.current?.getVideoTracks()[0];
    if (!track) return;
    await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
    setState((s) => ({ ...s, torch: { ...s.torch, on } }));
  }, []);

  useEffect(() => {
    if (!active) return;
    void open(null);
    return stop;
  }, [active, open, stop]);

  return { ...state, choose: (id: string) => void open(id), setTorch };
}
