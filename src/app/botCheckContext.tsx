import { createContext, useContext } from 'react';
import { AltchaBotCheck, type BotCheckComponent } from './botCheck';

export const BotCheckContext = createContext<BotCheckComponent>(AltchaBotCheck);

/** The bot check the login screen shows: ALTCHA in the app, a stand-in in jsdom tests (AppProviders `botCheck`). */
export function useBotCheck(): BotCheckComponent {
  return useContext(BotCheckContext);
}
