import type { DOMPurify } from 'dompurify';

let purifier: Promise<{ purify: DOMPurify; serialise: (node: Node) => string }> | undefined;

/** jsdom is heavy: loaded on the first SVG, not at start-up. */
function load() {
  purifier ??= (async () => {
    const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
    const { window } = new JSDOM('');
    const serializer = new window.XMLSerializer();
    return { purify: createDOMPurify(window as unknown as Window & typeof globalThis), serialise: (node: Node) => serializer.serializeToString(node) };
  })();
  return purifier;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/**
 * Parsed as XML, names keep their case, but DOMPurify's allow-lists are lower case: without these
 * a viewBox or a gradient would be dropped (and the image refused). Only inert, camelCase SVG names.
 */
const CAMEL_TAGS = [
  'linearGradient',
  'radialGradient',
  'clipPath',
  'textPath',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];
const CAMEL_ATTRS = [
  'viewBox',
  'preserveAspectRatio',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'filterUnits',
  'primitiveUnits',
  'stdDeviation',
  'baseFrequency',
  'numOctaves',
  'stitchTiles',
  'textLength',
  'lengthAdjust',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'pathLength',
  'startOffset',
  'tableValues',
  'kernelMatrix',
  'kernelUnitLength',
  'specularConstant',
  'specularExponent',
  'surfaceScale',
  'diffuseConstant',
  'edgeMode',
  'xChannelSelector',
  'yChannelSelector',
  'limitingConeAngle',
  'stdDeviation',
];
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** DOMPurify's own wrapper when it parses as XHTML. */
const WRAPPER = new Set(['html', 'head', 'body']);

/**
 * What the sanitiser took out that could run or load: an SVG or HTML element (a script under any
 * prefix, foreignObject, iframe, use), an event handler, a link. Editor metadata in other
 * namespaces (Inkscape, Illustrator) is dropped without complaint.
 */
function removedActiveContent(removed: DOMPurify['removed']): boolean {
  return removed.some((r) => {
    if ('element' in r) {
      const el = r.element as Element;
      return !WRAPPER.has(el.localName) && (el.namespaceURI === SVG_NS || el.namespaceURI === XHTML_NS || el.namespaceURI === null);
    }
    const name = r.attribute?.localName ?? '';
    return /^on/i.test(name) || name === 'href' || name === 'src' || /script|data:/i.test(r.attribute?.value ?? '');
  });
}

/**
 * An SVG as DOMPurify leaves it (SVG profile, parsed as XML so that prefixed namespaces and
 * entities resolve as a browser would): `clean` is what may be stored, `active` says the upload
 * carried something that could run. Undefined when the text is not an SVG document, or declares
 * a DOCTYPE (its entities could expand without bound).
 */
export async function sanitiseSvg(text: string): Promise<{ clean: string; active: boolean } | undefined> {
  const body = text.replace(/^\uFEFF?\s*<\?xml[^>]*\?>/, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) return undefined;
  const { purify, serialise } = await load();
  const fragment = purify.sanitize(body, {
    USE_PROFILES: { svg: true, svgFilters: true },
    PARSER_MEDIA_TYPE: 'application/xhtml+xml',
    ADD_TAGS: CAMEL_TAGS,
    ADD_ATTR: CAMEL_ATTRS,
    RETURN_DOM_FRAGMENT: true,
  });
  const root = fragment?.firstElementChild;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return undefined;
  return { clean: `<?xml version="1.0" encoding="UTF-8"?>\n${serialise(root)}`, active: removedActiveContent(purify.removed) };
}
