// knex CLI entry: the same connection settings and migration list the service uses.
import { loadConfig } from './src/config.js';
import { knexConfig } from './src/db/knex.js';

const config = loadConfig();
export default knexConfig({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, pgSchema: config.databaseSchema });
