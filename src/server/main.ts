/**
 * Entry point of `npm start`: loads configuration and starts the shop. SIGINT/SIGTERM
 * drain it (requests in flight are answered) and exit 0; repeated signals while it stops
 * are ignored (start.ts stopOnSignals).
 */
import { loadConfig } from './config';
import { exitOnStartFailure, openLine, type StartedShop, startShop, stopOnSignals } from './start';

let started: Promise<StartedShop> | undefined;
stopOnSignals(async () => {
  const shop = await started;
  await shop?.stop();
});

try {
  started = startShop(loadConfig());
  const shop = await started;
  shop.app.log.info(openLine(shop));
} catch (err) {
  exitOnStartFailure(err);
}
