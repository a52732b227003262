import { type Ref, type RefCallback, useCallback, useMemo, useRef } from 'react';

// `useMergeRefs` of @floating-ui/react (MIT), as Mantine's ScrollArea uses it: vite.config.ts gives
// ScrollArea this module instead of the package, which the bundler would otherwise keep whole (its
// positioning and interaction code, 43 KB minified) on every screen with a table or a dialog.

/** One callback ref that sets every ref of `refs` (and runs their cleanups), or null when all are. */
export function useMergeRefs<Instance>(refs: (Ref<Instance> | undefined)[]): RefCallback<Instance> | null {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback(
    (instance: Instance) => {
      const cleanups = refs.map((ref) => {
        if (ref == null) return undefined;
        if (typeof ref === 'function') {
          const cleanup = ref(instance);
          return typeof cleanup === 'function' ? cleanup : () => ref(null);
        }
        ref.current = instance;
        return () => {
          ref.current = null;
        };
      });
      return () => {
        for (const cleanup of cleanups) cleanup?.();
      };
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs themselves are the dependencies.
    refs,
  );
  return useMemo(
    () => {
      if (refs.every((ref) => ref == null)) return null;
      return (value: Instance | null) => {
        cleanupRef.current?.();
        cleanupRef.current = undefined;
        if (value != null) cleanupRef.current = refEffect(value);
      };
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs themselves are the dependencies.
    refs,
  );
}
