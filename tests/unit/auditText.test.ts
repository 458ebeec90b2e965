import { describe, expect, it } from 'vitest';
import el from '../../lang/el.json';
import en from '../../lang/en.json';
import { auditActions } from '../../schemas/auditActions';
import { auditActionText } from '../../src/i18n/auditText';

/*
 * Issue 21: the owner's activity log names every action of the audit trail in words, in English and in Greek, never by
 * its code ('sign_in.failed'), including actions added after the log was built.
 */
const english: Record<string, string> = en;
const greek: Record<string, string> = el;

describe('audit trail action words', () => {
  it('has English and Greek words for every action, the Greek not the English', () => {
    for (const action of auditActions) {
      const id = auditActionText[action].id ?? action;
      const inEnglish = english[id];
      const inGreek = greek[id];
      expect(inEnglish?.trim(), `${action}: English`).toBeTruthy();
      expect(inGreek?.trim(), `${action}: Greek`).toBeTruthy();
      expect(inEnglish, action).not.toBe(action);
      expect(inGreek, `${action}: Greek identical to English`).not.toBe(inEnglish);
    }
  });

  it('words no action twice, so two actions never read the same', () => {
    const ids = auditActions.map((action) => auditActionText[action].id ?? action);
    expect(new Set(ids).size).toBe(ids.length);
    const words = ids.map((id) => english[id]);
    expect(new Set(words).size).toBe(words.length);
  });
});
