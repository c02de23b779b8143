// The routes an express app answers, read from its router stack (express 5: each layer keeps the path
// it was mounted or routed at as rawPath / route.path): what openapi.test.ts compares the document with.

interface Layer {
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

export interface TExpressRoute {
  method: string;
  /** In OpenAPI form: `:id` becomes `{id}`. */
  path: string;
}

function walk(stack: Layer[], prefix: string, out: TExpressRoute[]) {
  for (const layer of stack) {
    if (layer.route) {
      const path = `${prefix}${layer.route.path}`.replace(/:(\w+)/g, '{$1}');
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on && method !== '_all') out.push({ method, path });
    } else if (layer.handle?.stack) {
      const mount = layer.rawPath && layer.rawPath !== '/' ? layer.rawPath : '';
      walk(layer.handle.stack, `${prefix}${mount}`, out);
    }
  }
}

/** Every method and path the app routes explicitly (middlewares without a route are left out). */
export function expressRoutes(app: unknown): TExpressRoute[] {
  const out: TExpressRoute[] = [];
  walk((app as { router: { stack: Layer[] } }).router.stack, '', out);
  return out;
}
