import { useChakraContext, type SystemContext, type SystemStyleObject } from '@chakra-ui/react';
import { __unsafe_useEmotionCache as useEmotionCache, css as serializeStyles } from '@emotion/react';

type EmotionCache = NonNullable<ReturnType<typeof useEmotionCache>>;
type StyleProps = Record<string, unknown>;

/**
 * The class names Chakra gives its components, for plain elements drawn many times (a long list's rows):
 * `recipe(key, props)` for a recipe component (`Link`, `Button`, `Text`), `slot(key, variants)(slot, props)` for a
 * part of a slot recipe (`Checkbox.Control`), `styled(styles, props)` for styles given as they are (`Flex`'s own,
 * a slot's from its context). `props` are the element's style props in the order the component passes them.
 */
export interface ChakraClasses {
  recipe: (key: string, props?: StyleProps) => string;
  slot: (key: string, variants?: StyleProps) => (slot: string, props?: StyleProps) => string;
  /** A slot recipe's styles per part, for a part Chakra draws without the part's class name (`Checkbox.Indicator`). */
  slotStyles: (key: string, variants?: StyleProps) => Record<string, SystemStyleObject>;
  styled: (styles: SystemStyleObject | undefined, props?: StyleProps) => string;
}

/** `<Flex align="center">`'s own styles (its other props left unset), for `styled(FLEX_CENTER, { gap, … })`. */
export const FLEX_CENTER: SystemStyleObject = {
  display: 'flex',
  flexDirection: undefined,
  alignItems: 'center',
  justifyContent: undefined,
  flexWrap: undefined,
  flexBasis: undefined,
  flexGrow: undefined,
  flexShrink: undefined,
};

const made = new WeakMap<EmotionCache, WeakMap<SystemContext, Map<string, unknown>>>();

/**
 * `build(classes)`, once per app (per key): the same class names, and so the same CSS, as Chakra's `chakra()` factory
 * gives its components, resolved once instead of once per element and render (its style resolution and hashing were
 * most of My Links' rows: docs/performance-history.md, "A team's volume of links", sixth pass). The element then is a
 * plain `<td className=…>`; the result must not depend on anything but the key.
 */
export function useChakraClasses<T>(key: string, build: (classes: ChakraClasses) => T): T {
  const sys = useChakraContext();
  const cache = useEmotionCache() as EmotionCache;
  let bySystem = made.get(cache);
  if (!bySystem) made.set(cache, (bySystem = new WeakMap()));
  let byKey = bySystem.get(sys);
  if (!byKey) bySystem.set(sys, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, build(classesIn(sys, cache)));
  return byKey.get(key) as T;
}

function classesIn(sys: SystemContext, cache: EmotionCache): ChakraClasses {
  const plain = sys.cva({});
  // What `chakra()` does with an element's styles: its own (empty) recipe, the component's styles, the style props;
  // serialized and inserted as emotion does, under the same name.
  const styled = (styles: SystemStyleObject | undefined, props: StyleProps = {}): string => {
    const own = plain({ colorPalette: props.colorPalette, orientation: props.orientation } as never);
    const css = sys.css(own, ...(styles ? [styles] : []), props as SystemStyleObject);
    const serialized = serializeStyles(css as never);
    const name = `${cache.key}-${serialized.name}`;
    if (cache.inserted[serialized.name] === undefined) {
      let current: typeof serialized | undefined = serialized;
      do {
        cache.insert(current === serialized ? `.${name}` : '', current, cache.sheet, true);
        current = current.next;
      } while (current !== undefined);
    }
    return name;
  };
  const recipe = (key: string, props: StyleProps = {}): string => {
    const fn = sys.getRecipeFn(key);
    const [variants, rest] = fn.splitVariantProps(props);
    return join(fn.className, styled(fn(variants), rest));
  };
  const slotStyles = (key: string, variantProps: StyleProps = {}) => {
    const fn = sys.getSlotRecipeFn(key);
    const [variants] = fn.splitVariantProps(variantProps);
    return fn(variants) as Record<string, SystemStyleObject>;
  };
  const slot = (key: string, variantProps: StyleProps = {}) => {
    const names = sys.getSlotRecipeFn(key).classNameMap as Record<string, string>;
    const styles = slotStyles(key, variantProps);
    return (part: string, props: StyleProps = {}): string => join(names[part], styled(styles[part], props));
  };
  return { recipe, slot, slotStyles, styled };
}

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');
