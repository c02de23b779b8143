import {
  $create,
  $getDocument,
  $getState,
  $setState,
  createState,
  DecoratorNode,
  type DOMConversionOutput,
  type DOMExportOutput,
  type EditorConfig,
  type LexicalNode,
} from 'lexical';

const parseString = (value: unknown): string => (typeof value === 'string' ? value : '');
// Node state (flat) gives the node cloning and JSON copy/paste for free.
const srcState = createState('src', { parse: parseString });
const altState = createState('alt', { parse: parseString });

/**
 * An inline `<img src alt>`. A decorator so the caret steps over it, but it renders plain DOM
 * (decorate() returns null) because this editor has no React decorator host.
 */
export class ImageNode extends DecoratorNode<null> {
  override $config() {
    return this.config('image', {
      extends: DecoratorNode,
      stateConfigs: [
        { stateConfig: srcState, flat: true },
        { stateConfig: altState, flat: true },
      ],
      importDOM: { img: () => ({ conversion: $convertImageElement, priority: 0 }) },
    });
  }

  getSrc(): string {
    return $getState(this, srcState);
  }

  getAlt(): string {
    return $getState(this, altState);
  }

  override createDOM(config: EditorConfig): HTMLElement {
    const img = this.renderImage();
    // Editor-only styling (theme.image); exportDOM renders without it.
    if (typeof config.theme.image === 'string') img.className = config.theme.image;
    return img;
  }

  override updateDOM(_prevNode: this, dom: HTMLElement): false {
    dom.setAttribute('src', this.getSrc());
    dom.setAttribute('alt', this.getAlt());
    return false;
  }

  override exportDOM(): DOMExportOutput {
    return { element: this.renderImage() };
  }

  override decorate(): null {
    return null;
  }

  override isInline(): true {
    return true;
  }

  private renderImage(): HTMLElement {
    const img = $getDocument().createElement('img');
    img.setAttribute('src', this.getSrc());
    img.setAttribute('alt', this.getAlt());
    return img;
  }
}

export function $createImageNode(src: string, alt = ''): ImageNode {
  const node = $create(ImageNode);
  $setState(node, srcState, src);
  return $setState(node, altState, alt);
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}

function $convertImageElement(element: HTMLElement): DOMConversionOutput {
  const src = element.getAttribute('src');
  return { node: src ? $createImageNode(src, element.getAttribute('alt') ?? '') : null };
}
