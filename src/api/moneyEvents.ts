/*
 * "Money changed": one app-wide signal that something the dashboard and the overview show (balances, cashback, latest
 * transfers, scheduled payments, the welcome checklist) has just changed on the server because of this user. The API
 * client raises it after every successful money-moving call (src/api/client.ts `moneyMovingCall`), so no journey's
 * actor can forget to; src/screens/useOverview.ts listens and reads the overview again without a reload.
 */

export type MoneyChange = {
  /** The call that moved money: method and path, e.g. "POST /api/merchants/send_money/". */
  cause: string;
};

type Listener = (change: MoneyChange) => void;

const listeners = new Set<Listener>();

/** Tells every listener that money moved. Listeners that throw do not stop the others. */
export function announceMoneyChanged(change: MoneyChange): void {
  for (const listener of [...listeners]) {
    try {
      listener(change);
    } catch (error) {
      console.error('A money-changed listener failed', error);
    }
  }
}

/** Listens until the returned function is called. */
export function onMoneyChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
