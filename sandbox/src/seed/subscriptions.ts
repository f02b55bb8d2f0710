/**
 * The subscriptions seed: each company's plan catalogue (every pricing model and billing period,
 * some plans inactive) and the seeded customers' subscriptions, dated relative to the sandbox
 * clock's Eastern "today" so the data stays current. The usage-based lines of SUB-<ref>-02 and
 * SUB-2001-01 bill the usage lines billing.ts writes with charge_id CHG-<ref>-0n-A.
 */
import type { Queryable } from "../db";
import { addDays, easternDate } from "../lists/business-day";
import { addMonths } from "../subscriptions/calendar";
import type { BillingPeriod, ChargeTiming, PricingModel, Tier } from "../subscriptions/types";

type ChargeSeed = {
  name: string;
  type: string;
  model: PricingModel;
  timing: ChargeTiming;
  price: number;
  period: BillingPeriod;
  qty: number | null;
  uom: string | null;
  tiers: Tier[];
};
type PlanSeed = {
  id: string;
  name: string;
  status?: "active" | "inactive";
  description?: string;
  period: BillingPeriod;
  upgradable?: boolean;
  charges: ChargeSeed[];
};

const recurring = (
  model: PricingModel,
  name: string,
  price: number,
  period: BillingPeriod,
  qty: number | null,
  uom: string | null,
  tiers: Tier[] = [],
): ChargeSeed => ({
  name,
  type: "Recurring",
  model,
  timing: "in_advance",
  price,
  period,
  qty,
  uom,
  tiers,
});
const flat = (name: string, price: number, period: BillingPeriod = "monthly") =>
  recurring("flat", name, price, period, 1, null);
const perUnit = (
  name: string,
  price: number,
  qty: number,
  uom: string,
  period: BillingPeriod = "monthly",
) => recurring("per_unit", name, price, period, qty, uom);
const preRated = (
  name: string,
  price: number,
  qty: number,
  uom: string,
  period: BillingPeriod = "monthly",
) => recurring("pre_rated", name, price, period, qty, uom);
const volume = (
  name: string,
  tiers: Tier[],
  qty: number,
  uom: string,
  period: BillingPeriod = "monthly",
) => recurring("volume", name, tiers[0]?.price ?? 0, period, qty, uom, tiers);
const tiered = (
  name: string,
  tiers: Tier[],
  qty: number,
  uom: string,
  period: BillingPeriod = "monthly",
) => recurring("tiered", name, tiers[0]?.price ?? 0, period, qty, uom, tiers);
const usage = (name: string, price: number, uom: string): ChargeSeed => ({
  name,
  type: "Usage based",
  model: "usage_based",
  timing: "in_arrears",
  price,
  period: "monthly",
  qty: null,
  uom,
  tiers: [],
});

const T = (...pairs: [number | null, number][]): Tier[] =>
  pairs.map(([up_to, price]) => ({ up_to, price }));

const ACME_PLANS: PlanSeed[] = [
  {
    id: "PLN-A001",
    name: "Smart Metering Suite",
    description: "Smart meters with hosting, leak alerts and remote shut-off",
    period: "monthly",
    upgradable: true,
    charges: [
      perUnit("Smart Meter Rental", 12.5, 4, "meters"),
      flat("Meter Data Hosting", 29),
      flat("Leak Alerts", 5.99),
      perUnit("Remote Shut-off Valve", 3.25, 2, "valves"),
      tiered(
        "Data Export Bundle",
        T([100, 0.2], [500, 0.15], [null, 0.1]),
        150,
        "exports",
        "quarterly",
      ),
      flat("Annual Meter Calibration", 180, "annual"),
      preRated("Meter Insurance", 1.1, 4, "meters"),
    ],
  },
  {
    id: "PLN-A002",
    name: "Commercial Water Service",
    description: "Base service and fixture units for commercial premises",
    period: "monthly",
    charges: [
      flat("Base Service Fee", 45),
      volume("Fixture Units", T([20, 4], [50, 3.5], [null, 3]), 30, "fixtures"),
    ],
  },
  {
    id: "PLN-A003",
    name: "Backflow Testing Program",
    description: "Yearly certified testing of backflow preventers",
    period: "annual",
    charges: [perUnit("Backflow Test", 65, 3, "devices", "annual")],
  },
  {
    id: "PLN-A004",
    name: "Water Usage",
    description: "Metered consumption billed monthly in arrears",
    period: "monthly",
    charges: [usage("Water Usage", 0.0125, "units"), flat("Account Fee", 9.5)],
  },
  {
    id: "PLN-A005",
    name: "Residential Water Basic",
    period: "monthly",
    upgradable: true,
    charges: [
      flat("Residential Service Charge", 18.75),
      perUnit("Smart Meter Rental", 12.5, 1, "meters"),
    ],
  },
  {
    id: "PLN-A006",
    name: "Residential Water Plus",
    period: "monthly",
    upgradable: true,
    charges: [
      flat("Residential Service Charge", 24.5),
      perUnit("Smart Meter Rental", 12.5, 1, "meters"),
      flat("Leak Alerts", 5.99),
    ],
  },
  {
    id: "PLN-A007",
    name: "Sewer Service",
    period: "monthly",
    charges: [flat("Sewer Connection", 32), usage("Sewer Volume", 0.0098, "units")],
  },
  {
    id: "PLN-A008",
    name: "Stormwater Fee",
    period: "quarterly",
    charges: [
      tiered(
        "Impervious Area",
        T([2000, 0.02], [10000, 0.015], [null, 0.01]),
        3500,
        "sq ft",
        "quarterly",
      ),
    ],
  },
  {
    id: "PLN-A009",
    name: "Fire Line Service",
    period: "monthly",
    charges: [volume("Fire Line Size", T([2, 35], [6, 30], [null, 25]), 4, "inches")],
  },
  {
    id: "PLN-A010",
    name: "Hydrant Rental",
    period: "monthly",
    charges: [
      perUnit("Hydrant Meter Rental", 85, 1, "hydrants"),
      flat("Hydrant Permit", 40, "annual"),
    ],
  },
  {
    id: "PLN-A011",
    name: "Irrigation Meter",
    period: "monthly",
    charges: [
      perUnit("Irrigation Meter Rental", 9.75, 1, "meters"),
      usage("Irrigation Water", 0.011, "units"),
    ],
  },
  {
    id: "PLN-A012",
    name: "Leak Detection Service",
    period: "quarterly",
    charges: [flat("Acoustic Leak Survey", 149, "quarterly")],
  },
  {
    id: "PLN-A013",
    name: "Water Quality Reports",
    period: "annual",
    charges: [preRated("Lab Sample Analysis", 38, 4, "samples", "annual")],
  },
  {
    id: "PLN-A014",
    name: "Pressure Monitoring",
    period: "monthly",
    charges: [perUnit("Pressure Logger", 6.5, 3, "loggers")],
  },
  {
    id: "PLN-A015",
    name: "Bulk Water Delivery",
    period: "monthly",
    charges: [usage("Delivered Water", 0.015, "units"), flat("Tanker Standby", 60)],
  },
  {
    id: "PLN-A016",
    name: "Water Softener Rental",
    period: "monthly",
    charges: [perUnit("Softener Unit", 22, 1, "units"), flat("Salt Delivery", 14)],
  },
  {
    id: "PLN-A017",
    name: "Filtration Maintenance",
    period: "quarterly",
    charges: [perUnit("Filter Cartridge Swap", 18, 2, "cartridges", "quarterly")],
  },
  {
    id: "PLN-A018",
    name: "Cross-Connection Control",
    period: "annual",
    charges: [flat("Survey and Certificate", 210, "annual")],
  },
  {
    id: "PLN-A019",
    name: "Tank Cleaning",
    period: "annual",
    charges: [
      volume(
        "Tank Volume",
        T([5000, 0.05], [20000, 0.04], [null, 0.03]),
        8000,
        "gallons",
        "annual",
      ),
    ],
  },
  {
    id: "PLN-A020",
    name: "Emergency Response Plan",
    period: "monthly",
    charges: [flat("24/7 Emergency Crew", 75)],
  },
  {
    id: "PLN-A021",
    name: "Customer Portal Plus",
    period: "monthly",
    charges: [perUnit("Portal Seats", 4, 5, "seats")],
  },
  {
    id: "PLN-A022",
    name: "Meter Reading Premium",
    period: "monthly",
    charges: [tiered("Read Frequency", T([30, 0.5], [null, 0.35]), 60, "reads")],
  },
  {
    id: "PLN-A023",
    name: "Pool Fill Service",
    period: "monthly",
    charges: [flat("Pool Fill Visit", 55), usage("Pool Water", 0.013, "units")],
  },
  {
    id: "PLN-A024",
    name: "Drought Surcharge",
    period: "monthly",
    charges: [preRated("Drought Allocation", 0.75, 20, "allocations")],
  },
  {
    id: "PLN-A025",
    name: "Well Monitoring",
    period: "quarterly",
    charges: [
      perUnit("Well Sensor", 15, 2, "sensors", "quarterly"),
      flat("Quarterly Report", 35, "quarterly"),
    ],
  },
  {
    id: "PLN-A026",
    name: "Legacy Meter Plan",
    status: "inactive",
    description: "Retired: replaced by Smart Metering Suite",
    period: "monthly",
    charges: [perUnit("Analog Meter Rental", 7.5, 1, "meters")],
  },
  {
    id: "PLN-A027",
    name: "Seasonal Irrigation (retired)",
    status: "inactive",
    period: "monthly",
    charges: [usage("Seasonal Water", 0.01, "units")],
  },
];

const GLOBEX_PLANS: PlanSeed[] = [
  {
    id: "PLN-G001",
    name: "Electricity Supply",
    description: "Metered electricity billed monthly in arrears",
    period: "monthly",
    charges: [usage("Electricity Usage", 0.14, "kWh"), flat("Supply Charge", 19.9)],
  },
  {
    id: "PLN-G002",
    name: "Solar Panel Lease",
    period: "monthly",
    upgradable: true,
    charges: [perUnit("Panel Lease", 11, 12, "panels"), flat("Inverter Service", 8)],
  },
  {
    id: "PLN-G003",
    name: "Smart Thermostat",
    period: "monthly",
    charges: [perUnit("Thermostat Rental", 4.5, 2, "devices")],
  },
  {
    id: "PLN-G004",
    name: "Demand Charge",
    period: "monthly",
    charges: [volume("Peak Demand", T([50, 9], [200, 8], [null, 7]), 80, "kW")],
  },
  {
    id: "PLN-G005",
    name: "Green Energy Certificates",
    period: "annual",
    charges: [tiered("Certificates", T([10, 12], [50, 10], [null, 8]), 25, "MWh", "annual")],
  },
  {
    id: "PLN-G006",
    name: "EV Charging",
    period: "monthly",
    charges: [perUnit("Charger Rental", 29, 1, "chargers"), usage("Charging Energy", 0.12, "kWh")],
  },
  {
    id: "PLN-G007",
    name: "Gas Supply",
    period: "monthly",
    charges: [usage("Gas Usage", 0.55, "therms"), flat("Gas Supply Charge", 15)],
  },
  {
    id: "PLN-G008",
    name: "Battery Storage",
    period: "quarterly",
    charges: [perUnit("Battery Module", 45, 2, "modules", "quarterly")],
  },
  {
    id: "PLN-G009",
    name: "Energy Audit",
    period: "annual",
    charges: [flat("On-site Audit", 320, "annual")],
  },
  {
    id: "PLN-G010",
    name: "Power Quality Monitoring",
    period: "monthly",
    charges: [preRated("Monitoring Points", 6, 4, "points")],
  },
];
for (let i = 11; i <= 27; i++) {
  const n = String(i).padStart(3, "0");
  const kinds = ["Business Power", "Heat Pump Service", "Street Lighting", "Backup Generator"];
  const name = `${kinds[i % kinds.length]} ${["Basic", "Plus", "Pro", "Max", "Flex"][i % 5]} ${i}`;
  const period = (["monthly", "quarterly", "annual"] as const)[i % 3] ?? "monthly";
  GLOBEX_PLANS.push({
    id: `PLN-G${n}`,
    name,
    status: i % 8 === 0 ? "inactive" : "active",
    period,
    charges: [
      flat("Service Fee", 10 + i, period),
      i % 2 === 0
        ? perUnit("Connected Sites", 3 + (i % 4), 2, "sites", period)
        : tiered("Connected Sites", T([5, 6], [null, 4]), 7, "sites", period),
    ],
  });
}

export const SEED_PLANS: Record<string, PlanSeed[]> = { acme: ACME_PLANS, globex: GLOBEX_PLANS };

type LineSeed = { plan: string; quantities?: Record<string, number>; usageRef?: string };
type SubscriptionSeed = {
  id: string;
  customer: string;
  name: string;
  status: "active" | "cancelled" | "draft";
  /** Months before today the subscription started, and the day of month it started on. */
  startedMonthsAgo: number;
  startDay: number;
  term: number;
  autoRenew: boolean;
  po?: string;
  description?: string;
  /** Days before today it was cancelled. */
  cancelledDaysAgo?: number;
  currency: string;
  crm?: string;
  plans: LineSeed[];
};

const SUBSCRIPTIONS: SubscriptionSeed[] = [
  {
    id: "SUB-1001-01",
    customer: "cus_acme_1001",
    name: "Head Office Water Service",
    status: "active",
    startedMonthsAgo: 14,
    startDay: 5,
    term: 36,
    autoRenew: true,
    po: "PO-88412",
    description:
      "Water service for the head office at 12 Analytical Way, with smart metering on all four floors",
    currency: "USD",
    crm: "0061a00000ZxY1",
    plans: [
      { plan: "PLN-A001", quantities: { "Smart Meter Rental": 4 } },
      { plan: "PLN-A002" },
      { plan: "PLN-A003" },
    ],
  },
  {
    id: "SUB-1001-02",
    customer: "cus_acme_1001",
    name: "Workshop Metered Water",
    status: "active",
    startedMonthsAgo: 9,
    startDay: 20,
    term: 12,
    autoRenew: false,
    currency: "USD",
    plans: [{ plan: "PLN-A004", usageRef: "CHG-1001-02-A" }],
  },
  {
    id: "SUB-1001-03",
    customer: "cus_acme_1001",
    name: "Pool Fill Service",
    status: "cancelled",
    startedMonthsAgo: 20,
    startDay: 1,
    term: 12,
    autoRenew: false,
    cancelledDaysAgo: 95,
    currency: "USD",
    plans: [{ plan: "PLN-A023", usageRef: "CHG-1001-03-A" }],
  },
  {
    id: "SUB-1002-01",
    customer: "cus_acme_1002",
    name: "Warehouse Water",
    status: "active",
    startedMonthsAgo: 6,
    startDay: 12,
    term: 24,
    autoRenew: true,
    po: "NW-2231",
    currency: "USD",
    plans: [{ plan: "PLN-A005" }, { plan: "PLN-A020" }],
  },
  {
    id: "SUB-1002-02",
    customer: "cus_acme_1002",
    name: "Second Warehouse (draft)",
    status: "draft",
    startedMonthsAgo: -1,
    startDay: 1,
    term: 12,
    autoRenew: false,
    currency: "USD",
    plans: [{ plan: "PLN-A006" }],
  },
  {
    id: "SUB-1003-01",
    customer: "cus_acme_1003",
    name: "Pharmacy Water and Filtration",
    status: "active",
    startedMonthsAgo: 11,
    startDay: 28,
    term: 12,
    autoRenew: true,
    currency: "USD",
    plans: [{ plan: "PLN-A006" }, { plan: "PLN-A017" }],
  },
  {
    id: "SUB-1004-01",
    customer: "cus_acme_1004",
    name: "Farm Irrigation",
    status: "active",
    startedMonthsAgo: 30,
    startDay: 31,
    term: 60,
    autoRenew: true,
    currency: "USD",
    plans: [{ plan: "PLN-A011", usageRef: "CHG-1004-01-A" }, { plan: "PLN-A019" }],
  },
  {
    id: "SUB-1004-02",
    customer: "cus_acme_1004",
    name: "Barn Water Softener",
    status: "cancelled",
    startedMonthsAgo: 26,
    startDay: 15,
    term: 12,
    autoRenew: false,
    cancelledDaysAgo: 200,
    currency: "USD",
    plans: [{ plan: "PLN-A016" }],
  },
  {
    id: "SUB-2001-01",
    customer: "cus_globex_2001",
    name: "Garden Centre Power",
    status: "active",
    startedMonthsAgo: 8,
    startDay: 3,
    term: 24,
    autoRenew: true,
    po: "GG-104",
    currency: "CAD",
    plans: [{ plan: "PLN-G001", usageRef: "CHG-2001-01-A" }, { plan: "PLN-G003" }],
  },
  {
    id: "SUB-2001-02",
    customer: "cus_globex_2001",
    name: "Greenhouse Solar Lease",
    status: "cancelled",
    startedMonthsAgo: 18,
    startDay: 10,
    term: 12,
    autoRenew: false,
    cancelledDaysAgo: 40,
    currency: "CAD",
    plans: [{ plan: "PLN-G002" }],
  },
];

/** The day `day` (clamped to the month's end) of the month `monthsAgo` before today's. */
function startDate(today: string, monthsAgo: number, day: number): string {
  const first = addMonths(`${today.slice(0, 7)}-01`, -monthsAgo);
  return `${first.slice(0, 8)}${String(Math.min(day, daysIn(first))).padStart(2, "0")}`;
}

function daysIn(monthStart: string): number {
  return Number(addDays(addMonths(monthStart, 1), -1).slice(8, 10));
}

/** Inserts rows in one statement: the JSON's keys are the table's columns. */
async function insertJson(tx: Queryable, table: string, rows: object[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`,
    [JSON.stringify(rows)],
  );
}

/** Seeds plans and subscriptions of the companies and customers present. Inside the seed's transaction. */
export async function seedSubscriptions(tx: Queryable, now: number): Promise<void> {
  const today = easternDate(now);
  const companies = new Set(
    (await tx.query<{ id: string }>("SELECT id FROM companies")).map((r) => r.id),
  );
  const customers = new Set(
    (await tx.query<{ id: string }>("SELECT id FROM customers")).map((r) => r.id),
  );
  const plans: object[] = [];
  const charges: object[] = [];
  const catalogue = new Map<string, { charges: { id: string; seed: ChargeSeed }[] }>();
  for (const [companyId, seeds] of Object.entries(SEED_PLANS)) {
    if (!companies.has(companyId)) continue;
    for (const p of seeds) {
      plans.push({
        id: p.id,
        company_id: companyId,
        name: p.name,
        status: p.status ?? "active",
        description: p.description ?? null,
        billing_period: p.period,
        currency: companyId === "globex" ? "CAD" : "USD",
        upgradable: p.upgradable ?? false,
      });
      const lines = p.charges.map((c, i) => ({ id: `CHG-${p.id.slice(4)}-${i + 1}`, seed: c }));
      catalogue.set(p.id, { charges: lines });
      for (const [i, { id, seed: c }] of lines.entries()) {
        charges.push({
          id,
          plan_id: p.id,
          position: i + 1,
          name: c.name,
          charge_type: c.type,
          pricing_model: c.model,
          charge_timing: c.timing,
          list_price: c.price,
          billing_period: c.period,
          default_quantity: c.qty,
          unit_of_measure: c.uom,
          tiers: c.tiers,
        });
      }
    }
  }
  const subscriptions: object[] = [];
  const planLines: object[] = [];
  const chargeLines: object[] = [];
  for (const s of SUBSCRIPTIONS) {
    if (!customers.has(s.customer)) continue;
    const start = startDate(today, s.startedMonthsAgo, s.startDay);
    subscriptions.push({
      id: s.id,
      customer_id: s.customer,
      name: s.name,
      status: s.status,
      start_date: start,
      contract_term: s.term,
      auto_renew: s.autoRenew,
      po_number: s.po ?? null,
      description: s.description ?? null,
      renewal_date: s.autoRenew ? addMonths(start, s.term) : null,
      cancellation_date:
        s.cancelledDaysAgo === undefined ? null : addDays(today, -s.cancelledDaysAgo),
      cancellation_type: s.cancelledDaysAgo === undefined ? null : "specific_date",
      currency: s.currency,
      crm_reference: s.crm ?? null,
    });
    s.plans.forEach((line, i) => {
      const planLineId = `SPL-${s.id.slice(4)}-${i + 1}`;
      planLines.push({
        id: planLineId,
        subscription_id: s.id,
        plan_id: line.plan,
        position: i + 1,
      });
      const plan = catalogue.get(line.plan);
      plan?.charges.forEach(({ id, seed: c }, j) => {
        const usageBased = c.model === "usage_based";
        chargeLines.push({
          id: `SCH-${s.id.slice(4)}-${i + 1}-${j + 1}`,
          subscription_plan_id: planLineId,
          charge_id: id,
          position: j + 1,
          quantity: usageBased ? null : (line.quantities?.[c.name] ?? c.qty),
          usage_charge_ref: usageBased ? (line.usageRef ?? null) : null,
        });
      });
    });
  }
  await insertJson(tx, "plans", plans);
  await insertJson(tx, "plan_charges", charges);
  await insertJson(tx, "subscriptions", subscriptions);
  await insertJson(tx, "subscription_plans", planLines);
  await insertJson(tx, "subscription_charges", chargeLines);
}
