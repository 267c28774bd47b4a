/** Where the table comes from: the live camera, an uploaded or dropped photo, the built-in demo footage, or tiles laid by hand. */
export type SourceKind = 'camera' | 'photo' | 'demo' | 'hand';

export interface DemoFrame {
  file: string;
  /** The renderer's truth for the frame (table-reading format), shipped for the demo's own checks. */
  truth?: unknown;
}

export interface DemoManifest {
  game: string;
  set: string;
  seats: number;
  frames: DemoFrame[];
}

export async function loadDemo(base: string): Promise<DemoManifest> {
  const res = await fetch(`${base}demo/demo.json`);
  if (!res.ok) throw new Error(`demo footage missing (${res.status})`);
  return (await res.json()) as DemoManifest;
}

/** Seconds each demo frame stays on screen before the next tile "is played". */
export const DEMO_FRAME_SECONDS = 4;

export async function hasCamera(): Promise<boolean> {
  if (!navigator.mediaDevices?.enumerateDevices) return false;
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices.some((d) => d.kind === 'videoinput');
}
