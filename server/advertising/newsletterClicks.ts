import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { uuidPattern } from '../db/ids';

/*
 * The newsletter's clicks (issue 21). An email cannot call the API with a token, so each owner's copy links to an
 * address the server signed for that campaign and reader; opening it counts the click and redirects to the
 * advertiser. The signature's key is derived from JWT_SECRET for these links alone, so nobody can forge clicks for
 * a competitor's campaign, and a click counts once per reader (mail scanners that open links twice, or a reader who
 * clicks again, do not spend the advertiser's figures).
 */

/** What the newsletter job needs to write each reader's link. */
export type NewsletterLinks = { appUrl: string; jwtSecret: string };

const keys = new Map<string, Buffer>();
function linkKey(jwtSecret: string): Buffer {
  let key = keys.get(jwtSecret);
  if (key === undefined) {
    key = createHmac('sha256', jwtSecret).update('tameio newsletter click v1').digest();
    keys.set(jwtSecret, key);
  }
  return key;
}

function signatureOf(jwtSecret: string, campaignId: string, userId: string): string {
  return createHmac('sha256', linkKey(jwtSecret)).update(`${campaignId}\n${userId}`).digest('base64url');
}

/** The address in `userId`'s newsletter that counts their click on `campaignId`. */
export function newsletterClickUrl(links: NewsletterLinks, campaignId: string, userId: string): string {
  return `${links.appUrl}/api/advertising/newsletter/${campaignId}/${userId}/${signatureOf(links.jwtSecret, campaignId, userId)}/`;
}

const notValid = () =>
  new AppError('not_found', 404, 'This link is not valid. Open the campaign from a newer email.');

/**
 * recordNewsletterClick: a reader opened their newsletter link. Answers the advertiser's link to redirect to; counts
 * the click only the first time this reader opens it. 404 (nothing recorded) for a signature the server did not make
 * or a campaign never sent to the reader's company.
 */
export async function recordNewsletterClick(
  db: Database,
  jwtSecret: string,
  click: { campaignId: string; userId: string; signature: string },
): Promise<{ link: string }> {
  if (!uuidPattern.test(click.campaignId) || !uuidPattern.test(click.userId)) throw notValid();
  const expected = Buffer.from(signatureOf(jwtSecret, click.campaignId, click.userId));
  const given = Buffer.from(click.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notValid();
  return db.transaction().execute(async (trx) => {
    // The campaign's row, locked: two opens at once count once.
    const campaign = await sql<{ link: string; merchant_id: string }>`
      SELECT c.link, u.merchant_id FROM advertising_campaigns c
      JOIN users u ON u.id = ${click.userId}
      JOIN advertising_impressions i
        ON i.campaign_id = c.id AND i.placement = 'newsletter' AND i.merchant_id = u.merchant_id
      WHERE c.id = ${click.campaignId}
      FOR UPDATE OF c`.execute(trx);
    const sent = campaign.rows[0];
    if (!sent) throw notValid();
    const counted = await sql<{ id: string }>`
      INSERT INTO advertising_clicks (campaign_id, placement, merchant_id, user_id)
      SELECT ${click.campaignId}, 'newsletter', ${sent.merchant_id}, ${click.userId}
      WHERE NOT EXISTS (
        SELECT 1 FROM advertising_clicks
        WHERE campaign_id = ${click.campaignId} AND placement = 'newsletter' AND user_id = ${click.userId})
      RETURNING id`.execute(trx);
    if (counted.rows.length > 0) {
      await trx
        .updateTable('advertising_campaigns')
        .set((eb) => ({ clicks: eb('clicks', '+', 1) }))
        .where('id', '=', click.campaignId)
        .execute();
    }
    return { link: sent.link };
  });
}
