/**
 * What later steps need to know about the rows earlier steps generated (beyond their ids in
 * `ctx.ids`): which users are salesmen, where each customer is, which equipment it has. Kept
 * compact, because at scale 50 it describes a million equipments.
 */
import type { SeedContext } from '../seed-context.ts';
import type { City } from './italian-data.ts';
import type { MaintenanceRule } from '../../../domain/rules/maintenance-rules.ts';

export interface StaffUser {
  id: string;
  displayName: string;
  email: string;
  isSalesman: boolean;
  isMainteiner: boolean;
  isPlanner: boolean;
  isDemo: boolean;
  /** Staff with none may work on every module (SPEC §4 effective modules). */
  allowedModules: readonly string[];
  isEnabled: boolean;
}

export interface CustomerInfo {
  id: string;
  displayName: string;
  /** Domain of the customer's e-mail addresses (`rossisrl.it`). */
  emailDomain: string;
  isPerson: boolean;
  type: 'potential' | 'active' | 'inactive';
  isArchived: boolean;
  city: City;
  modules: string[];
  commercialZoneId: string;
  referentId: string | null;
  paymentTermId: string | null;
  invoicingMethodId: string | null;
  officeLocationIds: string[];
  /** The customer defines additional fields for its equipments. */
  hasAdditionalFields: boolean;
  /** Filled by the training step. */
  employeeIds: string[];
  /** Filled by the equipment step: indexes into SeedState.equipments and SeedState.installations. */
  equipmentIndexes: number[];
  installationIndexes: number[];
}

/** Equipments as parallel arrays (a million objects would weigh on memory at scale 50). */
export interface EquipmentTable {
  ids: string[];
  customerIndex: number[];
  familyIndex: number[];
  /** -1 when the equipment stands alone. */
  installationIndex: number[];
  decommissioned: boolean[];
}

export interface InstallationInfo {
  id: string;
  customerIndex: number;
  module: 'fire' | 'equip';
  locationId: string | null;
}

export interface FamilyInfo {
  id: string;
  code: string;
  name: string;
  module: 'fire' | 'equip';
  activityIds: string[];
  /** What the first deadline of a `lastExecution` rule counts from. */
  basis: 'production' | 'installation';
  /** The type's and its activities' maintenance rules, as the deadline engine reads them (set with the activities). */
  maintenanceRules?: MaintenanceRule[];
  productIds: string[];
  controls: { id: string; name: string; type: 'boolean' | 'number' | 'text'; min?: number; max?: number }[];
}

export interface ActivityInfo {
  id: string;
  code: string;
  name: string;
  module: string;
  frequency?: { value: number; unit: 'day' | 'week' | 'month' | 'year' };
  durationMinutes: number;
  price: number;
  familyIndex: number;
  /** Activity on an installation (not on single equipments). */
  onInstallation: boolean;
}

export interface ProductInfo {
  id: string;
  code: string;
  name: string;
  type: 'physical' | 'service';
  unitOfMeasure: string;
  listPrice: number;
  costPrice: number;
  module?: string;
  defaultSupplierId: string | null;
  activityIds: string[];
}

export interface QuotationLine {
  productId: string;
  description: string;
  quantity: number;
  unitPrice: number;
  discountPercent: number;
  activityIds: string[];
}

export interface QuotationInfo {
  id: string;
  customerIndex: number;
  status: string;
  date: string;
  lines: QuotationLine[];
}

/** An order that waits for its assignment (planned, in progress or completed orders have one). */
export interface OrderLink {
  orderId: string;
  assignmentId: string;
  customerIndex: number;
  officeLocationId: string | null;
  state: 'planned' | 'in-progress' | 'completed';
  module: string;
  activityIds: string[];
  workStartDate: string;
}

export interface SeedState {
  adminId: string;
  roleIds: Map<string, string>;
  staff: StaffUser[];
  customers: CustomerInfo[];
  zoneIdsByProvince: Map<string, string>;
  zoneSalesmen: Map<string, string[]>;
  paymentTermIds: string[];
  paymentTermCodes: Map<string, string>;
  invoicingMethodIds: string[];
  courseIds: Map<string, string>;
  families: FamilyInfo[];
  activities: ActivityInfo[];
  products: ProductInfo[];
  supplierIds: string[];
  priceListIds: string[];
  installations: InstallationInfo[];
  equipments: EquipmentTable;
  quotations: QuotationInfo[];
  orderLinks: OrderLink[];
  /** The two customers the demo customer users belong to. */
  demoCustomerIndexes: [number, number];
}

const states = new WeakMap<SeedContext, SeedState>();

export function stateOf(ctx: SeedContext): SeedState {
  let state = states.get(ctx);
  if (!state) {
    state = {
      adminId: '',
      roleIds: new Map(),
      staff: [],
      customers: [],
      zoneIdsByProvince: new Map(),
      zoneSalesmen: new Map(),
      paymentTermIds: [],
      paymentTermCodes: new Map(),
      invoicingMethodIds: [],
      courseIds: new Map(),
      families: [],
      activities: [],
      products: [],
      supplierIds: [],
      priceListIds: [],
      installations: [],
      equipments: { ids: [], customerIndex: [], familyIndex: [], installationIndex: [], decommissioned: [] },
      quotations: [],
      orderLinks: [],
      demoCustomerIndexes: [0, 1],
    };
    states.set(ctx, state);
  }
  return state;
}

export const salesmen = (state: SeedState) => state.staff.filter((u) => u.isSalesman);
export const maintainers = (state: SeedState) => state.staff.filter((u) => u.isMainteiner);
