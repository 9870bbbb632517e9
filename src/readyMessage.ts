import type { Config } from './config.js';

export interface DemoAccount {
  email: string;
  password: string;
}

/**
 * What the server prints once it listens, for whoever just started it: where it answers, how to
 * sign in to the demo data (never in production, which loads none), and a first command to try.
 */
export function readyMessage(config: Config, demo: DemoAccount | undefined): string {
  const base = config.publicBaseUrl;
  const lines = [
    '',
    `Marquee is ready: ${base}`,
    `  Open:          ${base}/   (the directory: what is on, events, people, communities, worlds)`,
    `  API contract:  ${base}/api/v0/openapi.json`,
  ];
  if (config.env !== 'production' && demo) {
    lines.push(`  Demo account:  ${demo.email} / ${demo.password} (sign in at ${base}/login)`);
  }
  lines.push(`  Contribute:    ${base}/contribute   (paste an announcement or drop a poster, review, publish)`);
  lines.push(`  Try:           curl ${base}/api/v0/events/upcoming`);
  if (config.env !== 'production') {
    lines.push(
      '  Then:          npm run -s cli -- token create demo@marquee.test --label try --scopes "public:read"   (a personal API token)',
      '                 make test                                                                          (the checks, in another terminal)',
    );
  }
  lines.push('  Stop with Ctrl+C.', '');
  return lines.join('\n');
}
