/**
 * A value that comes from a dynamic import, fetched on first use instead of with the page (e.g. a
 * zod schema: zod/mini and the field rules are ~8 KiB gzip the login page does not need before the
 * first keystroke).
 * `load()` starts or joins the import; `loaded()` answers the value once it is there.
 */
export function lazyValue<T>(importer: () => Promise<T>): { load: () => Promise<T>; loaded: () => T | undefined } {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const load = () => {
    loading ??= importer().then(
      (result) => (value = result),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { load, loaded: () => value };
}
