export interface Logger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

/** The default when the library user gives none: warnings and errors on stderr. */
export const consoleLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: (o, m) => console.warn('[gatehouse]', m ?? '', typeof o === 'string' ? o : JSON.stringify(o)),
  error: (o, m) => console.error('[gatehouse]', m ?? '', typeof o === 'string' ? o : JSON.stringify(o)),
};
