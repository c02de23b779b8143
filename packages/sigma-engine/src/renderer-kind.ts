// Which WebGL implementation draws: a GPU, or a software rasterizer (SwiftShader in Chromium without a
// GPU, as on CI machines and most virtual desktops; Mesa's llvmpipe; Windows' Basic Render Driver).
// Sigma's node and tie layers are drawn in slices only in software (progressive-draw.ts): a GPU draws
// the whole scene well within a frame.

/** How the node and tie layers are drawn: `auto` slices them only in software WebGL. */
export type TDrawing = 'auto' | 'sliced' | 'whole';

const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** The renderer's name as WebGL reports it (unmasked where the browser allows). */
export function rendererName(gl: WebGLRenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
}

export const isSoftwareRenderer = (name: string) => SOFTWARE.test(name);

/** Whether to slice the drawing, for the chosen mode and this renderer. */
export const slicedDrawing = (drawing: TDrawing, renderer: string) =>
  drawing === 'sliced' || (drawing === 'auto' && isSoftwareRenderer(renderer));
