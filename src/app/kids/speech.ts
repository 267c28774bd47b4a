/**
 * Saying a number or a sentence aloud in the chosen language (Web Speech API). Where the browser
 * has no speech synthesis, or no voice, nothing is said and nothing fails: the screen shows the
 * same words.
 */
import { SPEECH_TAG, type Language } from '../i18n';

export function canSpeak(): boolean {
  return typeof window !== 'undefined' && Boolean(window.speechSynthesis) && typeof window.SpeechSynthesisUtterance === 'function';
}

/** Says `text` in `lang`; `interrupt` first stops whatever is still being said. */
export function speak(text: string, lang: string, interrupt = false): void {
  if (!canSpeak()) return;
  try {
    const synth = window.speechSynthesis;
    if (interrupt) synth.cancel();
    const u = new SpeechSynthesisUtterance(text);
    const tag = SPEECH_TAG[(lang.slice(0, 2) as Language)] ?? lang;
    u.lang = tag;
    // A voice of the language when the system has one; otherwise the default voice reads the words.
    const voice = synth.getVoices?.().find((v) => v.lang.replace('_', '-').toLowerCase().startsWith(tag.slice(0, 2).toLowerCase()));
    if (voice) u.voice = voice;
    u.rate = 0.9;
    synth.speak(u);
  } catch {
    // Speech is a nicety: a browser that refuses it still shows the count.
  }
}

export function stopSpeaking(): void {
  if (canSpeak()) window.speechSynthesis.cancel();
}
