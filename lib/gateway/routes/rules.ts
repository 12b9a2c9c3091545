import { type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { emptyObject } from '@/lib/schemas/common';
import {
  createRuleBody,
  listRulesResponse,
  reorderRulesBody,
  ruleParams,
  ruleSchema,
  testRuleBody,
  testRuleResponse,
  updateRuleBody,
} from '@/lib/schemas/rules';
import {
  createRule,
  deleteRule,
  getRule,
  listRules,
  reorderRules,
  updateRule,
} from '@/lib/services/rules/rules';
import { testRule } from '@/lib/services/rules/backtest';

const common = { tag: 'Admission rules', partner: 'required' as const };

/** A namespace's admission rules (DESIGN §13): its own tasks decided the moment they are made. */
export function registerRuleRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/rules',
    operationId: 'createRule',
    action: 'rules.manage',
    summary: 'Add an admission rule to the namespace (extension)',
    description:
      'Conditions all must hold; the first enabled rule that matches a new task decides it (accept, reject, hold or review). A rule never accepts a task that four eyes cover. `position` places it in the order (absent: last).',
    idempotent: true,
    body: createRuleBody,
    response: ruleSchema,
    errors: [409],
    handler: (ctx, { body }) => createRule(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/rules',
    operationId: 'listRules',
    action: 'rules.read',
    summary: "The namespace's admission rules in evaluation order, with their hit counts (extension)",
    response: listRulesResponse,
    handler: (ctx) => listRules(ctx),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/rules/reorder',
    operationId: 'reorderRules',
    action: 'rules.manage',
    summary: "Put the namespace's admission rules in a new evaluation order (extension)",
    idempotent: true,
    body: reorderRulesBody,
    response: listRulesResponse,
    errors: [404],
    handler: (ctx, { body }) => reorderRules(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/rules/test',
    operationId: 'testRule',
    action: 'rules.manage',
    summary: "Backtest a rule over the namespace's tasks of a time range, changing nothing (extension)",
    description:
      'What the rule, placed first, would have done to the tasks created in [from, to]: counts per action and per how those tasks stand now (e.g. would reject 12, of which people accepted 9), and up to 20 samples.',
    body: testRuleBody,
    response: testRuleResponse,
    handler: (ctx, { body }) => testRule(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/rules/{rule_id}',
    operationId: 'getRule',
    action: 'rules.read',
    summary: 'Get an admission rule with its hit counts (extension)',
    params: ruleParams,
    response: ruleSchema,
    errors: [404],
    handler: (ctx, { params }) => getRule(ctx, params.rule_id),
  });

  defineRoute(app, {
    ...common,
    method: 'patch',
    path: '/rules/{rule_id}',
    operationId: 'updateRule',
    action: 'rules.manage',
    summary: 'Change an admission rule, or enable or disable it (extension)',
    params: ruleParams,
    body: updateRuleBody,
    response: ruleSchema,
    errors: [404],
    handler: (ctx, { params, body }) => updateRule(ctx, params.rule_id, body),
  });

  defineRoute(app, {
    ...common,
    method: 'delete',
    path: '/rules/{rule_id}',
    operationId: 'deleteRule',
    action: 'rules.manage',
    summary: 'Delete an admission rule (extension)',
    idempotent: true,
    params: ruleParams,
    response: emptyObject,
    errors: [404],
    handler: (ctx, { params }) => deleteRule(ctx, params.rule_id),
  });
}
