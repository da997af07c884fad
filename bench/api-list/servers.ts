/**
 * One of the two servers the API benchmark compares, in its own process:
 *   engine: our whole stack (Fastify app, query-language parser, service, repository, entity JSON);
 *   bare:   node:http running the statements our repository builds for the same URLs, compiled
 *           once at start-up: no parsing, no layers, rows serialised as they come.
 * Usage: node servers.ts <engine|bare> <port> <pglite-dir|postgres-url> [schema] [scenarios-json]
 */
import http from 'node:http';
import { openDatabase } from '../../src/server/db/database.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { findKind } from '../../src/domain/kinds.ts';
import { parseListQuery } from '../../src/server/resources/list-query.ts';
import { customFilters } from '../../src/server/resources/custom-filters.ts';
import { EntityRepository, listTotal, plannedEstimate } from '../../src/server/resources/repository.ts';
import type { Scenario } from './scenarios.ts';

const [mode, portText, target, schema, scenariosJson] = process.argv.slice(2);
const port = Number(portText);
const database = await openDatabase(target?.startsWith('postgres') ? { url: target, schema: schema || undefined, poolSize: 10 } : { dataDir: target });
const config = { ...loadConfig({}), authDisabled: true, logLevel: 'silent' };

if (mode === 'engine') {
  const app = await buildApp({ database, config, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
} else {
  const repository = new EntityRepository(database.db, findKind('equipments')!);
  const today = new Date().toISOString().slice(0, 10);
  type Statements = ReturnType<EntityRepository['listStatements']>;
  const routes = new Map<string, { page: ReturnType<typeof compile>; count: ReturnType<typeof compile>; estimate: ReturnType<typeof compile>; share: number | undefined }>();
  function compile(statement: Statements['page'] | Statements['count'] | Statements['estimate'] | Statements['estimateBesideFullText']) {
    return statement.compile(database.db);
  }
  for (const scenario of JSON.parse(scenariosJson ?? '[]') as Scenario[]) {
    const url = new URL(scenario.path, 'http://x');
    const raw = Object.fromEntries(url.searchParams.entries());
    const query = parseListQuery(raw, findKind('equipments')!, { maxPageSize: config.maxPageSize, customFilters: customFilters.equipments ?? {} });
    // The same full-text plan as the repository chooses for this query (it asks the planner once).
    const statements = repository.listStatements(query, { today }, undefined, await repository.fullTextPlan(query));
    // And the same estimate of the total: the other conditions' times the terms' counted share, when their prefixes are counted.
    const share = (await repository.fullTextEstimate(query))?.share;
    routes.set(`/${scenario.name}`, {
      page: compile(statements.page),
      count: compile(statements.count),
      estimate: compile(share === undefined ? statements.estimate : statements.estimateBesideFullText),
      share,
    });
  }
  const server = http.createServer(async (request, response) => {
    const route = routes.get(request.url ?? '');
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    try {
      // The same total rule as the repository (listTotal): the planner's estimate, then a capped count when it is not far above the limit.
      // The estimate as the repository asks it too (plannedEstimate: reused a minute when the list is large).
      const [rows, plan] = await Promise.all([
        database.db.executeQuery(route.page),
        plannedEstimate(database.db, route.estimate, async () => (((await database.db.executeQuery(route.estimate)).rows[0]) as { 'QUERY PLAN': unknown } | undefined)?.['QUERY PLAN']),
      ]);
      const { total } = await listTotal(plan, async () => {
        const count = await database.db.executeQuery(route.count);
        return (count.rows[0] as { total: number } | undefined)?.total ?? 0;
      }, route.share);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: rows.rows, meta: { total } }));
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  server.listen(port, '127.0.0.1');
}
process.send?.('ready');
