import type { GatehouseRoutes } from './route-types.js';
type Show<T> = { [K in keyof T]: T[K] };
export declare const dump: { [P in keyof GatehouseRoutes]: Show<GatehouseRoutes[P]['answer']> };
