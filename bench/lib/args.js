// Command-line options of the benches: `--name value`.

/** The number after `--name`, or `fallback` when the option is not given. */
export function numberArg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** The text after `--name`, or null when the option is not given. */
export function textArg(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : null;
}
