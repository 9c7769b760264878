// A bulk load over several connections at once (runLoadLanes), kept atomic: the rows go into
// shadow tables that no reader sees, made like the live ones; their keys, indexes and foreign keys
// are built there, several at a time; then one short transaction swaps them in for the live tables,
// with everything that hangs off those (triggers, views, other tables' foreign keys) made again
// from the catalog's own definitions. A load that fails or is killed before the swap leaves the
// live tables as they were, and its shadow tables behind, which the next load drops. The swap
// compares the tables' shape (columns, keys, indexes, triggers, grants, dependent views) before
// and after, and rolls back if anything differs: a part of the schema it does not make again
// fails the load, never the schema.
import { inTransaction, LOAD_APPLICATION_NAME, type BulkLoad } from "./bulk-load";

/** A live table and its shadow, in the order given (tables referenced first). */
export type ShadowTable = { live: string; shadow: string };

/** A load's shadow tables, and the names of the keys and indexes built on them until the swap. */
export type ShadowLoad = { name: string; tables: ShadowTable[]; renames: { table: string; temporary: string; final: string; kind: "constraint" | "index" }[] };

const PREFIX = "tr_load_";

/** A new load of the `live` tables, named by eight hex digits, which its tables and its sessions carry. */
export function newShadowLoad(live: readonly string[]): ShadowLoad {
  const name = crypto.randomUUID().slice(0, 8);
  return { name, tables: live.map((table) => ({ live: table, shadow: `${PREFIX}${name}_${table}` })), renames: [] };
}

/**
 * Drops the shadow tables of loads that no session runs any more (killed before their swap or
 * their clean-up). A running load's sessions carry its name in pg_stat_activity.
 */
export async function dropAbandonedLoads(lane: BulkLoad): Promise<void> {
  const rows = await lane.query<{ name: string }>(
    `SELECT quote_ident(c.relname) AS name FROM pg_class c
     WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AND c.relkind = 'r' AND c.relname LIKE '${PREFIX.replaceAll("_", "\\_")}%'
       AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = current_database()
         AND a.application_name = '${LOAD_APPLICATION_NAME} ' || split_part(substr(c.relname, ${PREFIX.length + 1}), '_', 1))`,
  );
  if (rows.length) await lane.query(`DROP TABLE IF EXISTS ${rows.map((r) => r.name).join(", ")}`);
}

/**
 * Empty shadows of the live tables: the same columns, defaults, checks and storage, none of their
 * keys or indexes (built after the rows, buildShadowKeys), and of their triggers only those that
 * fill in a row's own columns before it is stored (BEFORE … FOR EACH ROW: the search vectors).
 * What other triggers keep (aggregates, the details' JSON) is the loader's to write.
 */
export async function createShadowTables(lane: BulkLoad, load: ShadowLoad): Promise<void> {
  for (const { live, shadow } of load.tables) {
    await lane.query(`CREATE TABLE ${q(shadow)} (LIKE ${q(live)} INCLUDING ALL EXCLUDING INDEXES)`);
    const triggers = await lane.query<{ definition: string; relation: string }>(
      `SELECT pg_get_triggerdef(t.oid) AS definition, ${QUALIFIED} AS relation
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE t.tgrelid = $1::regclass AND NOT t.tgisinternal AND t.tgenabled <> 'D'
         AND (t.tgtype & 3) = 3`, // TRIGGER_TYPE_ROW | TRIGGER_TYPE_BEFORE
      [q(live)],
    );
    for (const t of triggers) await lane.query(replaceOnce(t.definition, ` ON ${t.relation} `, ` ON ${q(shadow)} `));
  }
}

/**
 * The shadow tables' triggers off (their rows are in), then their keys, indexes and foreign
 * keys, as the live tables have them, built over `lanes` at once, the longest first (by `rows`,
 * where given); then the planner's statistics, and the first table vacuumed so that reads of its
 * indexes alone need not visit its pages (autovacuum may be off, or late). Unique and primary
 * keys are built as indexes first, which builds on the same table may share, then made
 * constraints; foreign keys are added unchecked, then checked, which other builds need not wait
 * for either. The builds and the checks get `maintenanceWorkMem` each.
 */
export async function buildShadowKeys(
  lanes: readonly BulkLoad[],
  load: ShadowLoad,
  maintenanceWorkMem: string,
  /** Rows loaded per live table, where the loader counted them: a build's length follows its rows more than its table's bytes. */
  rows: Readonly<Record<string, number>> = {},
): Promise<void> {
  const [first] = lanes;
  const byShadow = new Map(load.tables.map((t) => [t.live, t.shadow]));
  const shadowOf = (live: string) => byShadow.get(live)!;
  for (const { shadow } of load.tables) {
    for (const t of await first!.query<{ name: string }>(`SELECT quote_ident(tgname) AS name FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal`, [q(shadow)])) {
      await first!.query(`DROP TRIGGER ${t.name} ON ${q(shadow)}`);
    }
  }
  const live = load.tables.map((t) => q(t.live));
  const indexes = await first!.query<{ live: string; name: string; definition: string; prefix: string; constraint: string | null; kind: string; method: string; partial: boolean }>(
    `SELECT c.relname AS live, quote_ident(i.relname) AS name, pg_get_indexdef(x.indexrelid) AS definition,
            'CREATE ' || CASE WHEN x.indisunique THEN 'UNIQUE ' ELSE '' END || 'INDEX ' || quote_ident(i.relname) || ' ON ' || ${QUALIFIED} || ' USING ' AS prefix,
            quote_ident(k.conname) AS "constraint", k.contype::text AS kind, am.amname AS method, x.indpred IS NOT NULL AS partial
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid JOIN pg_am am ON am.oid = i.relam
     LEFT JOIN pg_constraint k ON k.conindid = x.indexrelid AND k.conrelid = x.indrelid AND k.contype IN ('p', 'u', 'x')
     WHERE x.indrelid = ANY($1::regclass[])`,
    [live],
  );
  const foreignKeys = await first!.query<{ live: string; name: string; definition: string; references: string; referenced: string }>(
    `SELECT c.relname AS live, quote_ident(k.conname) AS name, pg_get_constraintdef(k.oid) AS definition,
            k.confrelid::regclass::text AS "references", r.relname AS referenced
     FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
     WHERE k.contype = 'f' AND k.conrelid = ANY($1::regclass[])`,
    [live],
  );
  const unsupported = indexes.find((i) => i.kind === "x");
  if (unsupported) throw new Error(`a bulk load cannot rebuild the exclusion constraint ${unsupported.constraint} of ${unsupported.live}`);

  // Every index, keys' included, under a temporary name (index names are the schema's, and the
  // live tables hold the real ones until the swap). The longest should not be the last to start,
  // nor one lane left alone with it at the end: GIN first (no parallel workers build them), whole
  // before partial, then by the table's rows where the loader counted them (sorting ten million
  // score components' keys takes longer than any B-tree on two million entries, whose rows are
  // wider), then by its size.
  const sizes = new Map<string, number>();
  for (const { live: table, shadow } of load.tables) {
    const [row] = await first!.query<{ size: string }>(`SELECT pg_relation_size($1::regclass)::text AS size`, [q(shadow)]);
    sizes.set(table, Number(row?.size ?? 0));
  }
  const builds = indexes
    .map((index, n) => ({ index, temporary: `${PREFIX}${load.name}_${n}` }))
    .sort(
      (a, b) =>
        Number(b.index.method === "gin") - Number(a.index.method === "gin") ||
        Number(a.index.partial) - Number(b.index.partial) ||
        (rows[b.index.live] ?? -1) - (rows[a.index.live] ?? -1) ||
        sizes.get(b.index.live)! - sizes.get(a.index.live)!,
    );
  await inParallel(lanes, builds, async (lane, { index, temporary }) => {
    const rest = replaceOnce(index.definition, index.prefix, "");
    await inTransaction(lane, async () => {
      await lane.query(`SET LOCAL maintenance_work_mem = '${maintenanceWorkMem}'`);
      // The lanes are the parallelism: a B-tree's parallel workers beside them only take turns on
      // the same cores with the others' builds (and GIN builds have none to give back).
      await lane.query(`SET LOCAL max_parallel_maintenance_workers = 0`);
      await lane.query(`CREATE ${index.prefix.startsWith("CREATE UNIQUE") ? "UNIQUE " : ""}INDEX ${q(temporary)} ON ${q(shadowOf(index.live))} USING ${rest}`);
    });
  });
  for (const { index, temporary } of builds) {
    const table = shadowOf(index.live);
    if (index.constraint) {
      const type = index.kind === "p" ? "PRIMARY KEY" : "UNIQUE";
      await first!.query(`ALTER TABLE ${q(table)} ADD CONSTRAINT ${q(temporary)} ${type} USING INDEX ${q(temporary)}`);
      load.renames.push({ table: index.live, temporary, final: index.constraint, kind: "constraint" });
    } else load.renames.push({ table: index.live, temporary, final: index.name, kind: "index" });
  }
  // Foreign keys under their own names (a table's constraint names are its own), pointing at the
  // shadow where they point at a loaded table.
  for (const fk of foreignKeys) {
    const definition = byShadow.has(fk.referenced) ? replaceOnce(fk.definition, ` REFERENCES ${fk.references}(`, ` REFERENCES ${q(shadowOf(fk.referenced))}(`) : fk.definition;
    await first!.query(`ALTER TABLE ${q(shadowOf(fk.live))} ADD CONSTRAINT ${fk.name} ${definition.replace(/ NOT VALID$/, "")} NOT VALID`);
  }
  const validations = foreignKeys.filter((fk) => !fk.definition.endsWith(" NOT VALID"));
  await inParallel(lanes, [...validations.map((fk) => ({ fk })), ...load.tables.map((table, n) => ({ table, vacuum: n === 0 }))], async (lane, job) => {
    if ("fk" in job) {
      // The check is a join of the two tables, whose hash of the referenced keys gets
      // maintenance_work_mem: with the server's default it spilled to disk at 2M entries.
      await inTransaction(lane, async () => {
        await lane.query(`SET LOCAL maintenance_work_mem = '${maintenanceWorkMem}'`);
        await lane.query(`ALTER TABLE ${q(shadowOf(job.fk.live))} VALIDATE CONSTRAINT ${job.fk.name}`);
      });
    } else await lane.query(`${job.vacuum ? "VACUUM (ANALYZE)" : "ANALYZE"} ${q(job.table.shadow)}`);
  });
}

export type SwapSteps = {
  /** First, under the swap's locks, on the live tables: a reset empties them here. */
  before?(lane: BulkLoad): Promise<void>;
  /** Last, on the swapped-in tables, in the same transaction: what the triggers did not keep. */
  after?(lane: BulkLoad): Promise<void>;
};

/**
 * Swaps the shadow tables in for the live ones in one transaction on `lane`, with every live table
 * and every table whose foreign keys point at them locked against readers and writers meanwhile.
 * Rows the live tables still hold are carried over first (their keys must not collide with the
 * load's). Triggers, dependent views, other tables' foreign keys to them, grants and comments are
 * made again from their definitions; then the shape of the tables is compared with what it was.
 */
export async function swapInShadowTables(lane: BulkLoad, load: ShadowLoad, steps: SwapSteps = {}): Promise<void> {
  // A writer that holds one of the tables and waits for another the swap holds already is a
  // deadlock, which the server ends by failing one side: if that was the swap, it tries again
  // rather than throw away the load.
  for (let attempt = 1; ; attempt++) {
    try {
      return await swapOnce(lane, load, steps);
    } catch (error) {
      if (attempt === SWAP_ATTEMPTS || (error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
    }
  }
}

const SWAP_ATTEMPTS = 3;
const DEADLOCK_DETECTED = "40P01";

async function swapOnce(lane: BulkLoad, load: ShadowLoad, steps: SwapSteps): Promise<void> {
  const live = load.tables.map((t) => t.live);
  await inTransaction(lane, async () => {
    const others = await lane.query<{ table: string; name: string; definition: string }>(
      `SELECT k.conrelid::regclass::text AS "table", quote_ident(k.conname) AS name, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k WHERE k.contype = 'f' AND k.confrelid = ANY($1::regclass[]) AND NOT k.conrelid = ANY($1::regclass[])
       ORDER BY 1, 2`,
      [live.map(q)],
    );
    const locked = [...live.map(q), ...new Set(others.map((o) => o.table))];
    await lane.query(`LOCK TABLE ${locked.join(", ")} IN ACCESS EXCLUSIVE MODE`);
    await steps.before?.(lane);
    const shape = await tableShape(lane, live);

    for (const { live: table, shadow } of load.tables) {
      const [{ columns } = { columns: "" }] = await lane.query<{ columns: string }>(
        `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS columns FROM pg_attribute
         WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
        [q(table)],
      );
      await lane.query(`INSERT INTO ${q(shadow)} (${columns}) SELECT ${columns} FROM ${q(table)}`);
    }
    const triggers = await lane.query<{ definition: string; table: string; name: string; enabled: string }>(
      `SELECT pg_get_triggerdef(oid) AS definition, tgrelid::regclass::text AS "table", quote_ident(tgname) AS name, tgenabled::text AS enabled
       FROM pg_trigger WHERE tgrelid = ANY($1::regclass[]) AND NOT tgisinternal ORDER BY oid`,
      [live.map(q)],
    );
    const views = await dependentViews(lane, live);
    const grants = await lane.query<{ statement: string }>(
      `SELECT format('GRANT %s ON %s TO %s%s', a.privilege_type, c.oid::regclass, CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END,
                     CASE WHEN a.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END) AS statement
       FROM pg_class c, aclexplode(c.relacl) a WHERE c.oid = ANY($1::regclass[])`,
      [[...live.map(q), ...views.map((v) => v.name)]],
    );
    const comments = await lane.query<{ statement: string }>(
      `SELECT format('COMMENT ON %s %s IS %L', CASE c.relkind WHEN 'v' THEN 'VIEW' ELSE 'TABLE' END, c.oid::regclass, d.description) AS statement
       FROM pg_class c JOIN pg_description d ON d.objoid = c.oid AND d.classoid = 'pg_class'::regclass AND d.objsubid = 0
       WHERE c.oid = ANY($1::regclass[])`,
      [[...live.map(q), ...views.map((v) => v.name)]],
    );

    if (views.length) await lane.query(`DROP VIEW ${views.map((v) => v.name).join(", ")}`);
    for (const o of others) await lane.query(`ALTER TABLE ${o.table} DROP CONSTRAINT ${o.name}`);
    await lane.query(`DROP TABLE ${live.map(q).join(", ")}`);
    for (const { live: table, shadow } of load.tables) await lane.query(`ALTER TABLE ${q(shadow)} RENAME TO ${q(table)}`);
    for (const r of load.renames) {
      await lane.query(r.kind === "constraint" ? `ALTER TABLE ${q(r.table)} RENAME CONSTRAINT ${q(r.temporary)} TO ${r.final}` : `ALTER INDEX ${q(r.temporary)} RENAME TO ${r.final}`);
    }
    for (const t of triggers) {
      await lane.query(t.definition);
      const state = { D: "DISABLE", R: "ENABLE REPLICA", A: "ENABLE ALWAYS" }[t.enabled];
      if (state) await lane.query(`ALTER TABLE ${t.table} ${state} TRIGGER ${t.name}`);
    }
    for (const v of views) await lane.query(`CREATE VIEW ${v.name}${v.options ? ` WITH (${v.options})` : ""} AS ${v.definition}`);
    for (const o of others) await lane.query(`ALTER TABLE ${o.table} ADD CONSTRAINT ${o.name} ${o.definition}`);
    for (const { statement } of [...grants, ...comments]) await lane.query(statement);

    const swapped = await tableShape(lane, live);
    const differs = [...new Set([...shape, ...swapped])].filter((line) => shape.includes(line) !== swapped.includes(line));
    if (differs.length) throw new Error(`the loaded tables' shape would change, so the load was rolled back: ${differs.slice(0, 4).join("; ")}`);
    await steps.after?.(lane);
  });
}

/** A failed load's shadow tables, if they are still there. */
export async function dropShadowTables(lane: BulkLoad, load: ShadowLoad): Promise<void> {
  await lane.query(`DROP TABLE IF EXISTS ${load.tables.map((t) => q(t.shadow)).join(", ")}`);
}

type View = { name: string; definition: string; options: string | null };

/** Views that read the tables, directly or through other such views, in the order they were made. */
async function dependentViews(lane: BulkLoad, tables: readonly string[]): Promise<View[]> {
  const views = await lane.query<View & { kind: string }>(
    `WITH RECURSIVE dependent (oid) AS (
       SELECT r.ev_class FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid
       WHERE d.classid = 'pg_rewrite'::regclass AND d.refclassid = 'pg_class'::regclass AND d.refobjid = ANY($1::regclass[]) AND r.ev_class <> d.refobjid
       UNION
       SELECT r.ev_class FROM dependent v JOIN pg_depend d ON d.refobjid = v.oid AND d.refclassid = 'pg_class'::regclass AND d.classid = 'pg_rewrite'::regclass
       JOIN pg_rewrite r ON r.oid = d.objid WHERE r.ev_class <> v.oid
     )
     SELECT c.oid::regclass::text AS name, c.relkind::text AS kind, pg_get_viewdef(c.oid) AS definition, array_to_string(c.reloptions, ', ') AS options
     FROM pg_class c WHERE c.oid IN (SELECT oid FROM dependent) ORDER BY c.oid`,
    [tables.map(q)],
  );
  const other = views.find((v) => v.kind !== "v");
  if (other) throw new Error(`a bulk load cannot remake ${other.name}, which reads the loaded tables (relkind ${other.kind})`);
  return views;
}

/**
 * The tables as the schema defines them, one line per part, without anything that names them by
 * number: columns, constraints (theirs and other tables' foreign keys to them), indexes, triggers,
 * policies, rules, publications, statistics objects, owner, grants, options and comments, and the
 * views that read them.
 */
async function tableShape(lane: BulkLoad, tables: readonly string[]): Promise<string[]> {
  const rows = await lane.query<{ line: string }>(
    `WITH t AS (SELECT unnest($1::regclass[]) AS oid)
     SELECT format('column %s.%s #%s %s %s %s %s %s %s %s %s %s %s %s', a.attrelid::regclass, a.attname,
                   row_number() OVER (PARTITION BY a.attrelid ORDER BY a.attnum), format_type(a.atttypid, a.atttypmod), a.attnotnull,
                   pg_get_expr(d.adbin, d.adrelid), a.attidentity, a.attgenerated, a.attcollation::regcollation, a.attstorage, a.attcompression,
                   a.attstattarget, a.attacl, col_description(a.attrelid, a.attnum)) AS line
     FROM pg_attribute a JOIN t ON t.oid = a.attrelid LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE a.attnum > 0 AND NOT a.attisdropped
     UNION ALL
     SELECT format('constraint %s.%s %s %s %s', k.conrelid::regclass, k.conname, pg_get_constraintdef(k.oid), k.convalidated, obj_description(k.oid, 'pg_constraint'))
     FROM pg_constraint k WHERE k.conrelid IN (SELECT oid FROM t) OR k.confrelid IN (SELECT oid FROM t)
     UNION ALL
     SELECT format('index %s %s %s', pg_get_indexdef(x.indexrelid), x.indisclustered, x.indisreplident) FROM pg_index x WHERE x.indrelid IN (SELECT oid FROM t)
     UNION ALL
     SELECT format('trigger %s %s', pg_get_triggerdef(g.oid), g.tgenabled) FROM pg_trigger g WHERE g.tgrelid IN (SELECT oid FROM t) AND NOT g.tgisinternal
     UNION ALL
     SELECT format('policy %s', p.*) FROM pg_policies p WHERE format('%I.%I', p.schemaname, p.tablename)::regclass IN (SELECT oid FROM t)
     UNION ALL
     SELECT format('rule %s %s', r.rulename, r.definition) FROM pg_rules r WHERE format('%I.%I', r.schemaname, r.tablename)::regclass IN (SELECT oid FROM t)
     UNION ALL
     SELECT format('publication %s %s', p.prpubid::regclass, p.prrelid::regclass) FROM pg_publication_rel p WHERE p.prrelid IN (SELECT oid FROM t)
     UNION ALL
     SELECT format('statistics %s', pg_get_statisticsobjdef(s.oid)) FROM pg_statistic_ext s WHERE s.stxrelid IN (SELECT oid FROM t)
     UNION ALL
     SELECT format('table %s %s %s %s %s %s %s %s %s %s %s', c.oid::regclass, c.relkind, c.relpersistence, c.relowner::regrole, c.relacl, c.reloptions,
                   c.relrowsecurity, c.relforcerowsecurity, c.relreplident, c.relhassubclass OR c.relispartition, obj_description(c.oid, 'pg_class'))
     FROM pg_class c WHERE c.oid IN (SELECT oid FROM t)`,
    [tables.map(q)],
  );
  const views = await dependentViews(lane, tables);
  const viewLines = views.length
    ? await lane.query<{ line: string }>(
        `SELECT format('view %s %s %s %s %s %s', c.oid::regclass, pg_get_viewdef(c.oid), c.reloptions, c.relowner::regrole, c.relacl, obj_description(c.oid, 'pg_class')) AS line
         FROM pg_class c WHERE c.oid = ANY($1::regclass[])`,
        [views.map((v) => v.name)],
      )
    : [];
  return [...rows, ...viewLines].map((r) => r.line).sort();
}

/** Runs `jobs` over the lanes, each lane taking the next job when its last is done. */
async function inParallel<J>(lanes: readonly BulkLoad[], jobs: readonly J[], run: (lane: BulkLoad, job: J) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: { error: unknown } | undefined;
  await Promise.all(
    lanes.map(async (lane) => {
      while (!failed && next < jobs.length) {
        const job = jobs[next++]!;
        try {
          await run(lane, job);
        } catch (error) {
          failed ??= { error };
        }
      }
    }),
  );
  if (failed) throw failed.error;
}

/** A relation's name as pg_get_indexdef and pg_get_triggerdef write it: schema-qualified, quoted where needed (c is its pg_class row). */
const QUALIFIED = `c.relnamespace::regnamespace::text || '.' || quote_ident(c.relname)`;

/** An identifier of ours or of the registry's tables, quoted. */
const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `text` with its one occurrence of `part` replaced: a definition that reads otherwise is not one this code understands. */
function replaceOnce(text: string, part: string, by: string): string {
  const at = text.indexOf(part);
  if (at < 0 || text.indexOf(part, at + 1) >= 0) throw new Error(`unexpected definition for a bulk load to rebuild: ${text}`);
  return text.slice(0, at) + by + text.slice(at + part.length);
}
