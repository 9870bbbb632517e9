/**
 * The compiled server's entry (`npm start`): turns on V8's on-disk compile cache (under the
 * system's temporary directory, or NODE_COMPILE_CACHE), so a restart reuses the bytecode of the
 * modules it loaded last time instead of compiling them again, then starts the server.
 * (Static imports would be compiled before any code here ran: hence the dynamic import.)
 */
import module from 'node:module';

module.enableCompileCache?.();
await import('./server.js');
