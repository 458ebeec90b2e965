import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import {
  generate,
  PostgresDialect,
  TypeScriptSerializer,
  type DatabaseMetadata,
  type InterfaceDeclarationNode,
  type PostprocessFunction,
} from 'kysely-codegen';
import { format, resolveConfig } from 'prettier';
import type { Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { PGliteDialect } from '../server/db/pgliteDialect';

/*
 * Writes server/db/types.ts, the Kysely types of every table, from the schema the migrations really build: an
 * in-memory PGlite (no server, no folder) runs server/db/migrations/ and kysely-codegen introspects it through our
 * own PGlite dialect. What the introspection alone cannot say is set here with the generator's options:
 *
 * - int8 is `bigint`: both drivers parse INT8 to BigInt (server/db/database.ts); numeric stays a string (both drivers
 *   return its text) and timestamps and dates are Dates, as the drivers return them.
 * - A text column whose CHECK allows a fixed list (`status IN ('pending', 'approved')`) gets that list as its type,
 *   read from pg_constraint (postprocess below); the code's names for the shared ones are in `unionNames`.
 * - jsonb columns whose shape the app defines in schemas/ are typed with it (`jsonShapes`); the rest are JsonValue.
 *
 *   npm run db:types              write server/db/types.ts
 *   npm run db:types -- --check   exit 1 when server/db/types.ts differs from what the migrations give
 */

const root = path.resolve(import.meta.dirname, '..');
const outFile = path.join(root, 'server', 'db', 'types.ts');

/**
 * Names for the CHECK-constrained unions the code imports by name (`TransferStatus`), keyed `table.column`; every
 * column given the same name must allow the same values. Other such columns get their union inline.
 */
const unionNames: Record<string, string> = {
  'merchants.status': 'merchant_status',
  'users.employee_type': 'employee_type',
  'invitations.role': 'employee_type',
  'outbox.channel': 'channel',
  'sessions.revoked_reason': 'revoked_reason',
  'ledger_accounts.system_role': 'system_role',
  'transfers.type': 'transfer_type',
  'transfers.status': 'transfer_status',
  'money_requests.status': 'money_request_status',
  'password_tokens.purpose': 'password_token_purpose',
  'merchant_addresses.kind': 'address_kind',
};

/** jsonb columns with a shape defined in schemas/: read back parsed as that shape, written as JSON text. */
const jsonShapes: Record<string, string> = {
  'notifications.params': 'JSONColumnType<NotificationParams>',
  'kyc_verifications.checks': 'JSONColumnType<KycCheck[] | null, string | null | undefined, string | null>',
};
const shapeImports = {
  NotificationParams: '../../schemas/notifications.schema',
  KycCheck: '../../schemas/kyc.schema',
};

type CheckRow = { table_name: string; column_name: string; definition: string };

/** `'a'::text, 'b'::text` → ['a', 'b'] (PostgreSQL doubles a quote inside a literal). */
const literals = (list: string) =>
  [...list.matchAll(/'((?:[^']|'')*)'::text/g)].map(([, value]) => value!.replace(/''/g, "'"));

/** The values a one-column CHECK allows, when it is exactly `col = ANY (ARRAY[...])` or `col = '...'`. */
function allowedValues(column: string, definition: string): string[] | null {
  const name = column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const anyOf = new RegExp(`^CHECK \\(\\(${name} = ANY \\(ARRAY\\[(.*)\\]\\)\\)\\)$`).exec(definition);
  if (anyOf) return literals(anyOf[1]!);
  const single = new RegExp(`^CHECK \\(\\(${name} = ('(?:[^']|'')*'::text)\\)\\)$`).exec(definition);
  return single ? literals(single[1]!) : null;
}

const checkUnions: PostprocessFunction = async ({ db, metadata }) => {
  const { rows } = await sql<CheckRow>`
    SELECT cl.relname AS table_name, a.attname AS column_name, pg_get_constraintdef(c.oid) AS definition
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'c' AND n.nspname = 'public' AND cardinality(c.conkey) = 1
    ORDER BY 1, 2, 3`.execute(db);
  const named = new Map<string, string[]>();
  for (const row of rows) {
    const values = allowedValues(row.column_name, row.definition);
    if (!values) continue;
    const column = metadata.tables
      .find((table) => table.schema === 'public' && table.name === row.table_name)
      ?.columns.find((candidate) => candidate.name === row.column_name);
    if (!column || column.dataType !== 'text' || column.isArray) continue;
    const key = `${row.table_name}.${row.column_name}`;
    const name = unionNames[key];
    if (!name) {
      column.enumValues = values;
      continue;
    }
    const earlier = named.get(name);
    if (earlier && earlier.join('\n') !== values.join('\n')) {
      throw new Error(`${key} allows ${values.join(', ')} but ${name} is ${earlier.join(', ')}`);
    }
    named.set(name, values);
    metadata.enums.set(`public.${name}`, values);
    column.dataType = name;
    column.dataTypeSchema = 'public';
  }
  const unused = Object.keys(unionNames).filter((key) => {
    const [table, column] = key.split('.');
    return !metadata.tables
      .find((t) => t.name === table)
      ?.columns.some((c) => c.name === column && c.dataType === unionNames[key]);
  });
  if (unused.length) throw new Error(`unionNames lists columns without a CHECK list: ${unused.join(', ')}`);
  return metadata satisfies DatabaseMetadata;
};

/** docs/engineering.md (Code conventions): `type` over `interface`, as eslint checks, in generated code too. */
class TypeAliasSerializer extends TypeScriptSerializer {
  override serializeInterfaceDeclaration(node: InterfaceDeclarationNode): string {
    return `type ${this.serializeIdentifier(node.id)} = ${this.serializeObjectExpression(node.body)};`;
  }
}

async function generateDbTypes(): Promise<string> {
  const pglite = new PGlite();
  const db: Database = new Kysely({ dialect: new PGliteDialect({ pglite }) });
  try {
    await migrate(db);
    const source = await generate({
      db,
      dialect: new PostgresDialect({ dateParser: 'timestamp', numericParser: 'string' }),
      outFile: null,
      typeMapping: { int8: 'bigint' },
      postprocess: checkUnions,
      overrides: { columns: jsonShapes },
      customImports: shapeImports,
      serializer: new TypeAliasSerializer({ skipAutogeneratedFileComment: true }),
    });
    const header = [
      '/**',
      ' * Generated by kysely-codegen from the schema server/db/migrations/ build (`npm run db:types`, scripts/dbTypes.ts).',
      ' * Do not edit by hand: change or add a migration and run it again.',
      ' */',
      '',
      '',
    ].join('\n');
    return await format(header + source, { ...(await resolveConfig(outFile)), filepath: outFile });
  } finally {
    await db.destroy();
  }
}

async function main() {
  const check = process.argv.includes('--check');
  const expected = await generateDbTypes();
  const relative = path.relative(root, outFile);
  if (check) {
    if (!existsSync(outFile) || readFileSync(outFile, 'utf8') !== expected) {
      console.error(`${relative} is out of date with the migrations; run \`npm run db:types\`.`);
      process.exit(1);
    }
    console.log(`${relative} is up to date with the migrations.`);
    return;
  }
  writeFileSync(outFile, expected);
  console.log(`Wrote ${relative}`);
}

await main();
