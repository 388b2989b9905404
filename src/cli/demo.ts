import { describeDemoAccess, seedDemoWithTokens } from '../demo/access.ts';
import { type CommandSpec, succeed } from './command.ts';

const demo: CommandSpec = {
  path: ['demo'],
  summary: 'Seeds the demo data if missing and prints fresh live and test tokens with every scope and a foundation key.',
  usage: '[--json]',
  async run({ db, baseUrl }, input) {
    const access = await seedDemoWithTokens(db, baseUrl);
    return succeed(input, access, describeDemoAccess(access, baseUrl));
  },
};

export const demoCommands = [demo];
