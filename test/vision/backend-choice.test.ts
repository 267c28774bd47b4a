import { describe, expect, it } from 'vitest';
import { chooseBackend } from '../../src/vision/backend-choice';

describe("the 'auto' backend", () => {
  it('takes WebGL from a hardware GPU and wasm from a software renderer or none', () => {
    expect(chooseBackend('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe('webgl');
    expect(chooseBackend('Apple M2')).toBe('webgl');
    expect(chooseBackend('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toBe('wasm');
    expect(chooseBackend('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe('wasm');
    expect(chooseBackend(null)).toBe('wasm');
  });
});
