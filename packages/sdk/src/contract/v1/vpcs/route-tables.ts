import * as z from 'zod';
import { IdParams, ifThen, listQuery, ProjectRecord, ResourceName, Uuid } from '../../common';
import { endpoint } from '../../define';
import { Ipv4Cidr, networkRoute } from '../network/shared';

/**
 * Where a route sends traffic. `peering`, `vpn` and `transit_hub` name a resource by `id`;
 * `internet` (the VPC's internet gateway), `nat` (its managed NAT) and `local` (the VPC itself)
 * take none.
 */
export const RouteTargetType = z.enum(['internet', 'nat', 'peering', 'vpn', 'transit_hub', 'local']);

/** Target types that point at a resource and so need its `id`. */
export const ROUTE_TARGETS_WITH_ID: readonly RouteTargetType[] = ['peering', 'vpn', 'transit_hub'];

export const VpcRoute = z.object({
  destination: z.string(),
  target: z.object({ type: RouteTargetType, id: Uuid.nullable() }),
});

export const RouteTable = ProjectRecord.extend({
  vpc_id: Uuid,
  name: z.string(),
  routes: z.array(VpcRoute),
});

export const VpcRouteInput = z.object({
  destination: Ipv4Cidr.describe(
    'Destination range, e.g. 0.0.0.0/0 for the default route; network address only',
  ),
  target: z
    .object({
      type: RouteTargetType.describe('internet, nat, peering, vpn, transit_hub or local'),
      id: Uuid.optional().describe(
        'VPC peering, VPN gateway or transit hub id: required for those types, refused for the others',
      ),
    })
    .meta({
      ...ifThen({ properties: { type: { enum: [...ROUTE_TARGETS_WITH_ID] } } }, { required: ['id'] }),
      else: { not: { required: ['id'] } },
    }),
});

export const VpcRouteTableCreateBody = z
  .object({
    name: ResourceName.describe('Route table name'),
    routes: z
      .array(VpcRouteInput)
      .max(50)
      .default([])
      .describe(
        'Routes as JSON: [{ "destination": "0.0.0.0/0", "target": { "type": "internet" } }]; unique destinations',
      ),
  })
  .superRefine((body, ctx) => {
    const seen = new Map<string, number>();
    body.routes.forEach((route, i) => {
      const first = seen.get(route.destination);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['routes', i, 'destination'],
          message: `duplicates the destination of routes.${first}`,
        });
      } else seen.set(route.destination, i);
      const needsId = ROUTE_TARGETS_WITH_ID.includes(route.target.type);
      if (needsId && !route.target.id) {
        ctx.addIssue({
          code: 'custom',
          path: ['routes', i, 'target', 'id'],
          message: `required for a ${route.target.type} target`,
        });
      }
      if (!needsId && route.target.id) {
        ctx.addIssue({
          code: 'custom',
          path: ['routes', i, 'target', 'id'],
          message: `not allowed for a ${route.target.type} target`,
        });
      }
    });
  });

export const VpcRouteTableListQuery = listQuery({
  name: z.string().optional().describe('Only route tables with this name'),
});

export const routeTables = {
  list: endpoint({
    ...networkRoute,
    method: 'GET',
    path: '/api/v1/vpcs/{id}/route-tables',
    summary: 'List the route tables of a VPC',
    params: IdParams,
    query: VpcRouteTableListQuery,
    response: RouteTable,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/vpcs/{id}/route-tables',
    summary: 'Create a route table in a VPC',
    example: `
      await client.vpcs.routeTables.create(vpc.id, {
        name: 'public',
        routes: [{ destination: '0.0.0.0/0', target: { type: 'internet' } }],
      });
    `,
    params: IdParams,
    body: VpcRouteTableCreateBody,
    response: RouteTable,
    status: 201,
  }),
};

export type RouteTargetType = z.infer<typeof RouteTargetType>;
export type RouteTable = z.infer<typeof RouteTable>;
