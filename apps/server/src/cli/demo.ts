// `npm run demo [-- --force] [-- --lang el]`: the labelled demo (modules/demo, README "Try the demo").

import { DemoRefusedError } from '../modules/demo/load-demo.ts';
import { runDemoCommand } from './demo-command.ts';

async function main() {
  const started = Date.now();
  const result = await runDemoCommand(process.argv.slice(2));
  const width = Math.max(...result.users.map((user) => user.email.length));
  console.log(
    `\nDemo loaded in ${Math.round((Date.now() - started) / 1000)} s. Accounts (passwords shown once):\n`,
  );
  for (const user of result.users) {
    console.log(`  ${user.email.padEnd(width)}  ${user.password}  ${user.what}`);
  }
  console.log(
    `\nStart Ampelos with npm start, sign in as the customer and open "Demo · Nemea Agiorgitiko".\n` +
      `Its satellite, weather and soil data are sample data, labelled as such in the PDF report.\n` +
      `Its cart (a BYOI report) checks out by wire transfer once BANK_NAME, BANK_IBAN and BANK_BIC are set in .env.`,
  );
}

main().catch((error: Error) => {
  console.error(error instanceof DemoRefusedError ? error.message : (error.stack ?? error.message));
  process.exitCode = 1;
});
