import { sql } from 'kysely';
import type {
  CancellationQuestion,
  CancellationQuestionsResponse,
  CancelPlanBody,
  Subscription,
} from '../../schemas/plans.schema';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { freePlanId, isPaid, runningPeriod } from './pricing';
import {
  freeSubscription,
  loadPlans,
  lockSubscription,
  readSubscription,
  setMerchantPlan,
  subscriptionView,
  type BillingActor,
} from './subscriptions';

/**
 * Cancelling a plan (SPEC §4: it stays until the end of the billing period, then Free; §2 /account/:action_type, the
 * questionnaire). The answers are checked against the questions and kept with the cancel; undo is possible until the
 * period ends.
 */

/** The questionnaire; the app translates `cancellation.question.<id>` and `cancellation.option.<id>`. */
export const cancellationQuestions: CancellationQuestion[] = [
  {
    id: 'reason',
    type: 'single',
    required: true,
    options: [
      'too_expensive',
      'missing_features',
      'switching_provider',
      'closing_business',
      'temporary_pause',
      'other',
    ],
  },
  {
    id: 'missing_features',
    type: 'multiple',
    required: false,
    options: ['international_payments', 'more_cards', 'integrations', 'analytics', 'pos', 'other'],
  },
  { id: 'comments', type: 'text', required: false, options: [] },
];

export function questionsView(): CancellationQuestionsResponse {
  return { items: cancellationQuestions };
}

const invalid = (fields: Record<string, string>) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', { fields });

/** Each answer names a question once, with options of that question (one for `single`) or text for `text`. */
export function checkAnswers(body: CancelPlanBody): void {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  body.answers.forEach((answer, index) => {
    const at = `answers.${index}`;
    const question = cancellationQuestions.find((q) => q.id === answer.question_id);
    if (!question) {
      fields[`${at}.question_id`] = 'There is no such question.';
      return;
    }
    if (seen.has(question.id)) {
      fields[`${at}.question_id`] = 'Answer each question once.';
      return;
    }
    seen.add(question.id);
    const options = answer.options ?? [];
    if (question.type === 'text') {
      if (options.length > 0) fields[`${at}.options`] = 'This question takes text.';
      if (question.required && !answer.text) fields[`${at}.text`] = 'This field is required.';
      return;
    }
    if (answer.text !== undefined && answer.text !== '') fields[`${at}.text`] = 'Choose from the options.';
    const unknown = options.find((option) => !question.options.includes(option));
    if (unknown !== undefined) fields[`${at}.options`] = 'Choose from the options.';
    else if (new Set(options).size !== options.length) fields[`${at}.options`] = 'Choose each option once.';
    else if (question.type === 'single' && options.length > 1) fields[`${at}.options`] = 'Choose one.';
    else if (question.required && options.length === 0) fields[`${at}.options`] = 'This field is required.';
  });
  for (const question of cancellationQuestions) {
    if (question.required && !seen.has(question.id) && Object.keys(fields).length === 0) {
      fields.answers = `Answer the question "${question.id}".`;
    }
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

const stateConflict = (state: string, message: string) =>
  new AppError('subscription_state', 409, message, { details: { state } });

/**
 * cancelPlan: the answers are kept and the plan stays until the current period's end, then the billing job moves the
 * merchant to Free; a downgrade that was waiting is dropped. With no running paid period (a renewal that lapsed, a
 * plan granted without billing) there is nothing to stay for: Free at once. 409 subscription_state on Free or when
 * cancelled already.
 */
export async function cancelPlan(
  db: Database,
  actor: BillingActor,
  body: CancelPlanBody,
  now: Date = new Date(),
): Promise<Subscription> {
  checkAnswers(body);
  await db.transaction().execute(async (trx) => {
    const state = await lockSubscription(trx, actor.merchantId);
    const plans = await loadPlans(trx);
    const plan = plans.get(state.planId);
    if (!plan || !isPaid(plan))
      throw stateConflict('free', 'You are on the Free plan: there is nothing to cancel.');
    if (state.cancelAtPeriodEnd) throw stateConflict('cancelled', 'Your plan is cancelled already.');
    const running = runningPeriod(state, plans, now);
    if (running) {
      await trx
        .updateTable('subscriptions')
        .set({
          cancel_at_period_end: true,
          cancelled_at: now,
          scheduled_plan_id: null,
          scheduled_period: null,
          updated_at: sql<Date>`clock_timestamp()`,
        })
        .where('merchant_id', '=', actor.merchantId)
        .execute();
    } else {
      await trx
        .updateTable('subscriptions')
        .set({ ...freeSubscription, updated_at: sql<Date>`clock_timestamp()` })
        .where('merchant_id', '=', actor.merchantId)
        .execute();
      await setMerchantPlan(trx, actor.merchantId, freePlanId);
    }
    await trx
      .insertInto('cancellation_answers')
      .values({
        merchant_id: actor.merchantId,
        user_id: actor.userId,
        plan_id: plan.id,
        answers: JSON.stringify(body.answers),
        effective_at: running ? running.end : now,
      })
      .execute();
  });
  return subscriptionView(await readSubscription(db, actor.merchantId), await loadPlans(db));
}

/** undoCancelPlan: keeps the plan; only while it is cancelled and its period has not ended (409 otherwise). */
export async function undoCancelPlan(
  db: Database,
  actor: BillingActor,
  now: Date = new Date(),
): Promise<Subscription> {
  await db.transaction().execute(async (trx) => {
    const state = await lockSubscription(trx, actor.merchantId);
    if (!state.cancelAtPeriodEnd) throw stateConflict('not_cancelled', 'Your plan is not cancelled.');
    if (!state.periodEnd || state.periodEnd <= now) {
      throw stateConflict('period_ended', 'The billing period has ended: pick a plan again instead.');
    }
    await trx
      .updateTable('subscriptions')
      .set({ cancel_at_period_end: false, cancelled_at: null, updated_at: sql<Date>`clock_timestamp()` })
      .where('merchant_id', '=', actor.merchantId)
      .execute();
  });
  return subscriptionView(await readSubscription(db, actor.merchantId), await loadPlans(db));
}
