export type SeedScale = 'small' | 'demo' | 'large';

/** SEED_SCALE (or --scale) as a scale: demo when not given; anything else than the three is an error. */
export function seedScale(value: string | undefined, name = 'SEED_SCALE'): SeedScale {
  if (value === undefined || value === '') return 'demo';
  if (value === 'small' || value === 'demo' || value === 'large') return value;
  throw new Error(`${name} must be small, demo or large, got "${value}"`);
}

/** Volumes of one organisation's customer data and of the patterns planted in it. */
export interface OrgVolumes {
  entities: number;
  /** share of entities that are businesses */
  businessShare: number;
  instruments: number;
  transactions: number;
  actionEvents: number;
  structuringCustomers: number;
  muleChains: number;
  sharedDeviceCustomers: number;
  /** caps on alerts raised from background activity (large cash deposits, high-risk wires) */
  backgroundAlertCap: number;
  /** every n-th background transaction gets an evaluation log (alerted ones always do) */
  evaluationLogEvery: number;
  /**
   * Alert volume beyond the planted patterns, for benchmarks: every n-th background transaction of
   * a kind the rules watch raises an alert (0: none). See server/seed/alerts.bulk.ts.
   */
  flaggedEvery: number;
  /** cases grouping those alerts */
  bulkCases: number;
}

export interface ScaleConfig {
  name: SeedScale;
  demoBank: OrgVolumes;
  northwind: OrgVolumes;
}

const northwind: OrgVolumes = {
  entities: 300,
  businessShare: 0.15,
  instruments: 600,
  transactions: 900,
  actionEvents: 300,
  structuringCustomers: 2,
  muleChains: 1,
  sharedDeviceCustomers: 3,
  backgroundAlertCap: 10,
  evaluationLogEvery: 10,
  flaggedEvery: 0,
  bulkCases: 0,
};

export const SCALES: Record<SeedScale, ScaleConfig> = {
  small: {
    name: 'small',
    demoBank: {
      entities: 200,
      businessShare: 0.2,
      instruments: 400,
      transactions: 3000,
      actionEvents: 500,
      structuringCustomers: 4,
      muleChains: 2,
      sharedDeviceCustomers: 4,
      backgroundAlertCap: 12,
      evaluationLogEvery: 10,
      flaggedEvery: 0,
      bulkCases: 0,
    },
    northwind: { ...northwind, entities: 60, instruments: 120, transactions: 400, actionEvents: 120, structuringCustomers: 1 },
  },
  demo: {
    name: 'demo',
    demoBank: {
      entities: 2000,
      businessShare: 0.2,
      instruments: 4000,
      transactions: 100_000,
      actionEvents: 10_000,
      structuringCustomers: 16,
      muleChains: 8,
      sharedDeviceCustomers: 7,
      backgroundAlertCap: 160,
      evaluationLogEvery: 25,
      flaggedEvery: 0,
      bulkCases: 0,
    },
    northwind,
  },
  large: {
    name: 'large',
    demoBank: {
      entities: 100_000,
      businessShare: 0.2,
      instruments: 200_000,
      transactions: 1_000_000,
      actionEvents: 100_000,
      structuringCustomers: 60,
      muleChains: 30,
      sharedDeviceCustomers: 12,
      // about 9,000 alerts on large cash deposits and high-risk wires, and about 90,000 more on
      // other transactions the rules watch (about 58% of the volume): some 100,000 alerts in all
      backgroundAlertCap: 16_000,
      evaluationLogEvery: 50,
      flaggedEvery: 6,
      bulkCases: 3000,
    },
    northwind,
  },
};
