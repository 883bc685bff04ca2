export { loadConfig, loadConfigModule, ConfigError, type ServerOptions } from './config.js';
export { startServer, type RunningServer } from './serve.js';
export { createUser, runMigrate } from './commands.js';
