import type { Money } from '../../../schemas/overview.schema';
import type { Transaction } from '../../../schemas/transactions.schema';

/** Outgoing amounts negative, incoming positive, whatever sign the API used. */
export function signed(money: Money, direction: Transaction['direction']): Money {
  const minor = money.amount_minor.replace(/^-/, '');
  return { ...money, amount_minor: direction === 'out' && minor !== '0' ? `-${minor}` : minor };
}
