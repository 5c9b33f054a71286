import { parseQuery } from './parse-query';
import { planRead } from './plan-read';
import { findFunction, planRpc } from './plan-rpc';
import { planDelete, planInsert, planUpdate } from './plan-write';
import type { Relation, Schema } from './schema-cache';

const notes: Relation = {
  name: 'notes',
  kind: 'table',
  guarded: true,
  primaryKey: ['id'],
  columns: [
    { name: 'id', type: 'integer' },
    { name: 'title', type: 'text' },
    { name: 'owner', type: 'text' },
  ],
};
const users: Relation = {
  name: 'users',
  kind: 'table',
  guarded: true,
  primaryKey: ['id'],
  columns: [
    { name: 'id', type: 'text' },
    { name: 'name', type: 'text' },
  ],
};
const open: Relation = {
  name: 'open',
  kind: 'table',
  guarded: false,
  primaryKey: [],
  columns: [{ name: 'id', type: 'integer' }],
};
const schema: Schema = {
  name: 'public',
  relations: new Map([
    ['notes', notes],
    ['users', users],
    ['open', open],
  ]),
  foreignKeys: [
    {
      name: 'notes_owner_fkey',
      table: 'notes',
      columns: ['owner'],
      referencedTable: 'users',
      referencedColumns: ['id'],
    },
  ],
  functions: new Map([
    [
      'add',
      [
        {
          name: 'add',
          args: [
            { name: 'a', type: 'integer', hasDefault: false },
            { name: 'b', type: 'integer', hasDefault: true },
          ],
          returnType: 'integer',
          returnsSet: false,
          returnsVoid: false,
        },
      ],
    ],
  ]),
};
const q = (query: string, headers: Record<string, string> = {}) =>
  parseQuery(new URLSearchParams(query), headers);

describe('planRead', () => {
  it('binds every value and key, and quotes only catalog names', () => {
    const plan = planRead(
      schema,
      notes,
      q("select=t:title&title=eq.x' or 1=1&id=in.(1,2)&order=id.desc&limit=3"),
    );
    expect(plan.text).toBe(
      'select (select coalesce(json_agg(pgrst_r.pgrst_row), \'[]\'::json) from (select json_build_object($1::text, pgrst_0."title") as pgrst_row from "public"."notes" pgrst_0 where pgrst_0."title" = $2 and pgrst_0."id" in ($3, $4) order by pgrst_0."id" desc limit $5::bigint) pgrst_r) as body, null::bigint as total',
    );
    expect(plan.params).toEqual(['t', "x' or 1=1", '1', '2', 3]);
  });

  it('lets PostgreSQL name the keys when the select is only columns under their own names', () => {
    const plan = planRead(schema, notes, q('select=id,title&title=eq.x&limit=2'));
    expect(plan.text).toBe(
      'select (select coalesce(json_agg(pgrst_r), \'[]\'::json) from (select pgrst_0."id", pgrst_0."title" from "public"."notes" pgrst_0 where pgrst_0."title" = $1 limit $2::bigint) pgrst_r) as body, null::bigint as total',
    );
    expect(plan.params).toEqual(['x', 2]);
    // A cast, like an alias, keeps the keys bound.
    expect(planRead(schema, notes, q('select=id::text')).text).toContain(
      'json_build_object($1::text, pgrst_0."id"::text)',
    );
  });

  it('embeds many-to-one through the foreign key and counts with the same filters', () => {
    const plan = planRead(
      schema,
      notes,
      q('select=title,author:users(name)&title=like.a*', { prefer: 'count=exact' }),
    );
    expect(plan.text).toContain(
      '(select json_build_object($2::text, pgrst_1."name") from "public"."users" pgrst_1 where pgrst_1."id" = pgrst_0."owner" limit 1)',
    );
    expect(plan.text).toContain(
      '(select count(*) from "public"."notes" pgrst_0 where pgrst_0."title" like $4) as total',
    );
    expect(plan.params).toContain('a%');
  });

  it('refuses unknown columns, unknown relationships and unguarded embedded tables', () => {
    expect(() => planRead(schema, notes, q('select=nope'))).toThrow(
      'column notes.nope does not exist',
    );
    expect(() => planRead(schema, notes, q('order=nope'))).toThrow(
      'column notes.nope does not exist',
    );
    expect(() => planRead(schema, users, q('select=open(id)'))).toThrow(
      /Could not find a relationship between 'users' and 'open'/,
    );
  });
});

describe('planInsert, planUpdate, planDelete', () => {
  it('inserts from one JSON parameter and upserts on the primary key', () => {
    const plan = planInsert(
      schema,
      notes,
      q('', { prefer: 'resolution=merge-duplicates,return=representation' }),
      [{ id: 1, title: 'a' }],
    );
    expect(plan.text).toContain(
      'insert into "public"."notes" ("id", "title") select "id", "title" from json_populate_recordset(null::"public"."notes", $1::json) on conflict ("id") do update set "title" = excluded."title" returning *',
    );
    expect(plan.params[0]).toBe('[{"id":1,"title":"a"}]');
  });

  it('refuses a payload column not in the table with PGRST204', () => {
    expect(() => planInsert(schema, notes, q(''), { nope: 1 })).toThrow(
      "Could not find the 'nope' column of 'notes' in the schema cache",
    );
  });

  it('updates and deletes the filtered rows', () => {
    expect(planUpdate(schema, notes, q('id=eq.1'), { title: 'b' }).text).toContain(
      'update "public"."notes" as pgrst_u set "title" = pgrst_b."title" from json_populate_record(null::"public"."notes", $2::json) pgrst_b where pgrst_u."id" = $1 returning pgrst_u.*',
    );
    expect(planDelete(schema, notes, q('id=gt.1')).text).toContain(
      'delete from "public"."notes" as pgrst_d where pgrst_d."id" > $1 returning pgrst_d.*',
    );
  });
});

describe('planRpc', () => {
  it('calls with named, typed parameters', () => {
    const fn = findFunction(schema, 'add', ['a']);
    expect(planRpc(schema, fn, { a: 2 }, q(''))).toEqual({
      kind: 'scalar',
      text: 'select to_json("public"."add"("a" => $1::integer)) as body',
      params: ['2'],
    });
  });

  it('answers an unknown function or arguments with PGRST202', () => {
    expect(() => findFunction(schema, 'add', ['x'])).toThrow(
      'Could not find the function public.add(x) in the schema cache',
    );
  });
});
