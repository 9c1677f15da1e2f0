/** Entry point of `npm start`: loads configuration and starts the shop. */
import { loadConfig } from './config';
import { startShop } from './start';

const shop = await startShop(loadConfig());
shop.app.log.info(
  `${shop.app.deps.config.STORE_NAME} is open at ${shop.url} (${shop.database.kind}, payments: ${shop.app.deps.payments.name})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    shop.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
