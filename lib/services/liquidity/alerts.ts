import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { mailConfigured, sendMail } from '@/lib/mail/mailer';
import { formatMoney } from '@/lib/domain/money';
import { logger } from '@/lib/log/logger';

const { liquidityAlerts, namespaces, users } = schema;

/** A participant refused or queued for its cap is e-mailed about it at most this often. */
const CAP_MAIL_EVERY_MS = 3600_000;
const BATCH = 50;

/** Whether an alert waits to be handled (the workers' question, lib/workers). */
export const alertsToMail = () =>
  sql`((SELECT 1 FROM ${liquidityAlerts} WHERE ${isNull(liquidityAlerts.handledAt)} ORDER BY ${liquidityAlerts.createdAt} LIMIT 1) IS NOT NULL)`;

/**
 * Liquidity alerts e-mailed to the participant's admins when SMTP is configured (DESIGN §11): a
 * threshold crossed upward (raised once per crossing by the positions' trigger, so a position
 * oscillating around it mails nothing more) and a payment refused or queued for the cap (at most
 * once an hour per participant and currency). The webhooks carry every one of them
 * (`liquidity.threshold`, `liquidity.cap_reached`); the mail is a person's nudge, sent at most
 * once: alerts are claimed and marked in one statement, then mailed.
 */
export async function mailLiquidityAlerts(db: Db): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const pending = await tx
      .select()
      .from(liquidityAlerts)
      .where(isNull(liquidityAlerts.handledAt))
      .orderBy(asc(liquidityAlerts.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (pending.length === 0) return [];
    const outcome = mailConfigured() ? 'mailing' : 'no SMTP configured';
    await tx
      .update(liquidityAlerts)
      .set({ handledAt: new Date(), outcome })
      .where(
        inArray(
          liquidityAlerts.id,
          pending.map((a) => a.id),
        ),
      );
    return mailConfigured() ? pending : [];
  });
  for (const alert of claimed) {
    const outcome = await mailOne(db, alert).catch((err: Error) => {
      logger.warn({ err: err.message, alert: alert.id }, 'liquidity alert not mailed');
      return `failed: ${err.message.slice(0, 200)}`;
    });
    await db.update(liquidityAlerts).set({ outcome }).where(eq(liquidityAlerts.id, alert.id));
  }
  return claimed.length;
}

async function mailOne(db: Db, alert: typeof liquidityAlerts.$inferSelect): Promise<string> {
  if (alert.kind === 'cap_reached') {
    const [recent] = await db
      .select({ id: liquidityAlerts.id })
      .from(liquidityAlerts)
      .where(
        and(
          eq(liquidityAlerts.partnerId, alert.partnerId),
          eq(liquidityAlerts.currency, alert.currency),
          eq(liquidityAlerts.kind, 'cap_reached'),
          gt(liquidityAlerts.createdAt, new Date(alert.createdAt.getTime() - CAP_MAIL_EVERY_MS)),
          sql`${liquidityAlerts.createdAt} < ${alert.createdAt.toISOString()}::timestamptz`,
          sql`${liquidityAlerts.outcome} LIKE 'mailed%'`,
        ),
      )
      .limit(1);
    if (recent) return 'not mailed: another within the hour';
  }
  const [ns] = await db
    .select({ name: namespaces.name, domain: namespaces.domain, orgId: namespaces.orgId })
    .from(namespaces)
    .where(eq(namespaces.id, alert.partnerId))
    .limit(1);
  if (!ns) return 'not mailed: no such namespace';
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.orgId, ns.orgId),
        eq(users.role, 'admin'),
        eq(users.disabled, false),
        isNull(users.invitationHash),
      ),
    );
  const position = formatMoney(alert.position.toString(), alert.currency);
  const limit = alert.limit === null ? 'no limit' : formatMoney(alert.limit.toString(), alert.currency);
  const subject =
    alert.kind === 'threshold'
      ? `${ns.name}: ${alert.currency} net position at ${alert.level}% of its limit`
      : `${ns.name}: a ${alert.currency} payment did not fit under the net debit cap`;
  const text = [
    alert.kind === 'threshold'
      ? `The net debit position of ${ns.name} (${ns.domain}) in ${alert.currency} has reached ${alert.level}% of its limit.`
      : `A payment of ${ns.name} (${ns.domain}) in ${alert.currency} was refused or queued: it did not fit under the net debit cap.`,
    '',
    `Position: ${position}`,
    `Limit: ${limit}`,
    '',
    'Headroom returns at the next cut-off, with funds placed with the settlement agent, or with a higher cap from the network operator. The Liquidity screen of the dashboard shows the position as it moves.',
  ].join('\n');
  let sent = 0;
  for (const admin of admins) if (await sendMail({ to: admin.email, subject, text })) sent++;
  return `mailed to ${sent} of ${admins.length} admins`;
}
