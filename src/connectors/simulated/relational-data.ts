import { DEPARTMENT_NAMES, generateDirectory, DEFAULT_SEED } from './directory-data.js';

/**
 * The tables and seeded rows of the simulated relational database behind test-db: departments,
 * employees (the first people of the shared directory, so emails match across connectors) and
 * their application accounts.
 */

export type ColumnType = 'integer' | 'text' | 'boolean' | 'date' | 'timestamp';
export type CellValue = string | number | boolean | null;
export type Row = Record<string, CellValue>;

export interface ColumnDefinition {
  name: string;
  type: ColumnType;
  nullable: boolean;
  unique?: boolean;
  /** Foreign key: the value must be the primary key of a row there (deletes are restricted). */
  references?: { table: string; column: string };
}

export interface TableDefinition {
  name: string;
  description: string;
  /** An integer column; omitted on insert, it takes the next free value (like SERIAL). */
  primaryKey: string;
  columns: readonly ColumnDefinition[];
}

export interface RelationalDataOptions {
  /** Number of employees; 40 by default. */
  employees?: number;
  seed?: number;
}

export const DEFAULT_EMPLOYEE_COUNT = 40;

export const TABLES: readonly TableDefinition[] = [
  {
    name: 'departments',
    description: 'Organisational units',
    primaryKey: 'id',
    columns: [
      { name: 'id', type: 'integer', nullable: false },
      { name: 'name', type: 'text', nullable: false, unique: true },
      { name: 'cost_center', type: 'text', nullable: false },
      { name: 'location', type: 'text', nullable: true },
    ],
  },
  {
    name: 'employees',
    description: 'People employed by the organisation',
    primaryKey: 'id',
    columns: [
      { name: 'id', type: 'integer', nullable: false },
      { name: 'employee_number', type: 'text', nullable: false, unique: true },
      { name: 'first_name', type: 'text', nullable: false },
      { name: 'last_name', type: 'text', nullable: false },
      { name: 'email', type: 'text', nullable: false, unique: true },
      { name: 'department_id', type: 'integer', nullable: true, references: { table: 'departments', column: 'id' } },
      { name: 'title', type: 'text', nullable: true },
      { name: 'manager_id', type: 'integer', nullable: true, references: { table: 'employees', column: 'id' } },
      { name: 'hire_date', type: 'date', nullable: false },
      { name: 'active', type: 'boolean', nullable: false },
    ],
  },
  {
    name: 'accounts',
    description: "Employees' accounts in business applications",
    primaryKey: 'id',
    columns: [
      { name: 'id', type: 'integer', nullable: false },
      { name: 'employee_id', type: 'integer', nullable: false, references: { table: 'employees', column: 'id' } },
      { name: 'system', type: 'text', nullable: false },
      { name: 'username', type: 'text', nullable: false },
      { name: 'status', type: 'text', nullable: false },
      { name: 'created_at', type: 'timestamp', nullable: false },
    ],
  },
];

const LOCATIONS = ['Berlin', 'London', 'New York', 'Remote'];

/** Which applications people of a department have accounts in, besides the issue tracker. */
const APPLICATIONS_BY_DEPARTMENT: Readonly<Record<string, readonly string[]>> = {
  Engineering: ['github', 'aws'],
  Product: ['github'],
  Sales: ['salesforce'],
  'Customer Support': ['zendesk', 'salesforce'],
  Finance: ['netsuite'],
  IT: ['aws'],
};

/** Seeded rows of every table, by table name; the same options always give the same rows. */
export function generateRelationalData(options: RelationalDataOptions = {}): Map<string, Row[]> {
  const people = generateDirectory({
    users: options.employees ?? DEFAULT_EMPLOYEE_COUNT,
    groups: 0,
    seed: options.seed ?? DEFAULT_SEED,
  }).people;

  const departments: Row[] = DEPARTMENT_NAMES.map((name, index) => ({
    id: index + 1,
    name,
    cost_center: `CC-${1000 + (index + 1) * 10}`,
    location: name === 'Executive' ? null : LOCATIONS[index % LOCATIONS.length]!,
  }));
  const employees: Row[] = people.map((person) => ({
    id: person.index + 1,
    employee_number: person.employeeId,
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    department_id: DEPARTMENT_NAMES.indexOf(person.department) + 1,
    title: person.title,
    manager_id: person.managerIndex === null ? null : person.managerIndex + 1,
    hire_date: person.createdAt.slice(0, 10),
    active: person.enabled,
  }));
  const accounts: Row[] = [];
  for (const person of people) {
    for (const system of ['jira', ...(APPLICATIONS_BY_DEPARTMENT[person.department] ?? [])])
      accounts.push({
        id: accounts.length + 1,
        employee_id: person.index + 1,
        system,
        username: system === 'github' ? `${person.username}-example` : person.username,
        status: person.enabled ? 'active' : 'suspended',
        created_at: person.createdAt,
      });
  }
  return new Map([
    ['departments', departments],
    ['employees', employees],
    ['accounts', accounts],
  ]);
}
