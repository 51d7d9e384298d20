// The admin audit log: every admin action is one appended row (who, what, about whom, when, why), written in
// the same transaction as the change it records, and read back on the admin panel.
import { aliasedTable, and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import type { PageRequest } from '../../common/pagination';
import type { AuditAction, AuditEntry, AuditFilter } from './model';

export interface AuditRecord {
  actorId: number;
  action: AuditAction;
  subjectUserId?: number | null;
  bookingId?: number | null;
  reason?: string | null;
  details?: Record<string, unknown>;
  at: Date;
}

export async function recordAudit(tx: Tx | Database, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    subjectUserId: entry.subjectUserId ?? null,
    bookingId: entry.bookingId ?? null,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
    createdAt: entry.at,
  });
}

const actors = aliasedTable(users, 'actor');
const subjects = aliasedTable(users, 'subject');
const person = (row: { id: number; firstName: string; lastName: string; email: string } | null) =>
  row ? { id: row.id, name: `${row.firstName} ${row.lastName}`.trim(), email: row.email } : null;

/** GET /api/admin/audit: newest first, optionally about one account or of one kind. */
export async function listAudit(db: Database, filter: AuditFilter, page: PageRequest): Promise<{ rows: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(auditLog.subjectUserId, Number(filter.userId)));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  const where = and(...conditions);
  const [counted] = await db.select({ total: sql<number>`count(*)` }).from(auditLog).where(where);
  const rows = await db
    .select({
      entry: auditLog,
      actor: { id: actors.id, firstName: actors.firstName, lastName: actors.lastName, email: actors.email },
      subject: { id: subjects.id, firstName: subjects.firstName, lastName: subjects.lastName, email: subjects.email },
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(subjects, eq(subjects.id, auditLog.subjectUserId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    total: Number(counted?.total ?? 0),
    rows: rows.map(({ entry, actor, subject }) => ({
      id: entry.id,
      action: entry.action as AuditAction,
      actor: person(actor),
      subject: person(subject),
      bookingId: entry.bookingId,
      reason: entry.reason,
      details: entry.details ?? {},
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
