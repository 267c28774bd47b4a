/**
 * The filter gradient of a 2-D convolution for the tf.js wasm backend, which ships none: training
 * any conv layer on wasm throws "Kernel 'Conv2DBackpropFilter' not registered", and the cpu
 * backend's version reads every element through an accessor (about 46 min per epoch of 10k
 * 32x32 crops, shared/notes/toolchain.md).
 *
 * dW[fy, fx, c, o] = sum over (b, oy, ox) of x[b, oy*s + fy - top, ox*s + fx - left, c] * dy[b, oy, ox, o],
 * i.e. one matrix product colᵀ · dy, where col (im2col) holds fh*fw*inC input values per output
 * position. The copy is plain JS on the wasm heap; the product runs on wasm's own BatchMatMul.
 * colᵀ is written already transposed: wasm's BatchMatMul with transposeA is 12x slower than
 * without (96 ms vs 8 ms for [16384 x 216]ᵀ · [16384 x 48], measured here).
 *
 * Supports what the classifier uses: NHWC, any stride, 'same' / 'valid' / explicit padding,
 * dilation 1.
 */
import { backend_util, getKernel, type KernelConfig, type KernelFunc, type TensorInfo } from '@tensorflow/tfjs';

export type Shape4 = [number, number, number, number];

/** The parts of BackendWasm these kernels need (its class is not part of the package's typed API). */
export interface WasmHeap {
  makeOutput(shape: number[], dtype: 'float32'): TensorInfo;
  typedArrayFromHeap(t: TensorInfo): Float32Array;
  disposeData(dataId: object): boolean;
}

export interface ConvGradAttrs {
  strides: [number, number] | number;
  pad: 'valid' | 'same' | number | backend_util.ExplicitPadding;
  dataFormat: 'NHWC' | 'NCHW';
  dimRoundingMode?: 'floor' | 'round' | 'ceil';
}

/** The output positions ox whose window column fx falls inside the image: [lo, hi). */
export function validColumns(info: backend_util.Conv2DInfo, fx: number): [number, number] {
  const off = fx - info.padInfo.left;
  const lo = Math.max(0, Math.ceil(-off / info.strideWidth));
  const hi = Math.min(info.outWidth, Math.floor((info.inWidth - 1 - off) / info.strideWidth) + 1);
  return [lo, Math.max(lo, hi)];
}

/**
 * colᵀ: row k = (fy, fx, c) in the filter's axis order, column m = (b, oy, ox); zeros where the
 * window hangs over the padding. Writes run along m, so they stay sequential.
 */
export function im2colTransposed(x: Float32Array, info: backend_util.Conv2DInfo, colT: Float32Array): void {
  const { batchSize, inHeight, inWidth, inChannels: C, outHeight, outWidth, filterHeight, filterWidth, strideHeight, strideWidth, padInfo } = info;
  const M = batchSize * outHeight * outWidth;
  colT.fill(0);
  for (let fy = 0; fy < filterHeight; fy++)
    for (let fx = 0; fx < filterWidth; fx++) {
      const [lo, hi] = validColumns(info, fx);
      for (let c = 0; c < C; c++) {
        const rowStart = ((fy * filterWidth + fx) * C + c) * M;
        for (let b = 0; b < batchSize; b++)
          for (let oy = 0; oy < outHeight; oy++) {
            const iy = oy * strideHeight - padInfo.top + fy;
            if (iy < 0 || iy >= inHeight) continue;
            const dst = rowStart + (b * outHeight + oy) * outWidth;
            let src = ((b * inHeight + iy) * inWidth + lo * strideWidth - padInfo.left + fx) * C + c;
            const step = strideWidth * C;
            for (let ox = lo; ox < hi; ox++, src += step) colT[dst + ox] = x[src];
          }
      }
    }
}

/** Runs another wasm kernel from inside a kernel (no engine bookkeeping: the caller frees). */
export function runWasm(name: string, inputs: Record<string, TensorInfo>, backend: unknown, attrs: object): TensorInfo {
  const kernel = getKernel(name, 'wasm');
  if (!kernel) throw new Error(`wasm kernel ${name} is missing`);
  return (kernel.kernelFunc as KernelFunc)({ inputs, backend: backend as never, attrs: attrs as never }) as TensorInfo;
}

export function convInfoOf(xShape: number[], filterShape: Shape4, attrs: ConvGradAttrs, kernel: string): backend_util.Conv2DInfo {
  if (attrs.dataFormat !== 'NHWC') throw new Error(`${kernel} (wasm): only NHWC is supported`);
  return backend_util.computeConv2DInfo(xShape as Shape4, filterShape, attrs.strides, 1, attrs.pad, attrs.dimRoundingMode, false, 'channelsLast');
}

function conv2DBackpropFilter(args: { inputs: { x: TensorInfo; dy: TensorInfo }; backend: unknown; attrs: ConvGradAttrs & { filterShape: Shape4 } }): TensorInfo {
  const { inputs, attrs } = args;
  const backend = args.backend as WasmHeap;
  const { x, dy } = inputs;
  const info = convInfoOf(x.shape, attrs.filterShape, attrs, 'Conv2DBackpropFilter');
  const M = info.batchSize * info.outHeight * info.outWidth;
  const K = info.filterHeight * info.filterWidth * info.inChannels;
  const colT = backend.makeOutput([1, K, M], 'float32');
  // Views on the wasm heap go stale when it grows: take them after the allocation.
  im2colTransposed(backend.typedArrayFromHeap(x), info, backend.typedArrayFromHeap(colT));
  const dy3 = runWasm('Reshape', { x: dy }, args.backend, { shape: [1, M, info.outChannels] });
  const out = runWasm('BatchMatMul', { a: colT, b: dy3 }, args.backend, { transposeA: false, transposeB: false });
  backend.disposeData(colT.dataId);
  backend.disposeData(dy3.dataId);
  // [1, fh*fw*inC, outC] is the filter's [fh, fw, inC, outC] row-major: only the shape changes.
  (out as { shape: number[] }).shape = [...attrs.filterShape];
  return out;
}

export const conv2DBackpropFilterConfig: KernelConfig = {
  kernelName: 'Conv2DBackpropFilter',
  backendName: 'wasm',
  kernelFunc: conv2DBackpropFilter as unknown as KernelFunc,
};
