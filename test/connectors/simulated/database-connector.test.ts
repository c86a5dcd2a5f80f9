import { beforeEach, describe, expect, it } from '@jest/globals';
import { generateRelationalData } from '../../../src/connectors/simulated/relational-data.js';
import { createTestDbConnector } from '../../../src/connectors/simulated/database-connector.js';
import { call, callData } from './call-handler.js';

const seeded = generateRelationalData();
const connector = createTestDbConnector();
const db = connector.handler;
const employees = seeded.get('employees')!;
const departments = seeded.get('departments')!;
const accounts = seeded.get('accounts')!;
const engineering = departments.find((department) => department.name === 'Engineering')!;
const newEmployee = {
  employee_number: 'E900001',
  first_name: 'Nora',
  last_name: 'New',
  email: 'nora.new@example.test',
  department_id: engineering.id,
  hire_date: '2030-01-15',
  active: true,
};

async function rows(parameters: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  return (await callData(db, 'query', parameters)).rows as Record<string, unknown>[];
}

beforeEach(() => connector.reset());

describe('test-db test and list-tables describe the database', () => {
  it('answers test with the database name', async () => {
    expect(await callData(db, 'test')).toEqual({
      connected: true,
      database: 'testdb',
      engine: 'simulated',
      tableCount: 3,
    });
  });

  it('lists the tables with their columns, keys and row counts', async () => {
    const { tables } = (await callData(db, 'list-tables')) as { tables: Record<string, unknown>[] };
    expect(tables.map((table) => [table.name, table.rowCount])).toEqual([
      ['departments', departments.length],
      ['employees', employees.length],
      ['accounts', accounts.length],
    ]);
    expect(employees.length + departments.length + accounts.length).toBeGreaterThan(36);
    expect(tables[1]).toMatchObject({
      primaryKey: 'id',
      columns: expect.arrayContaining([
        { name: 'id', type: 'integer', nullable: false, unique: true },
        { name: 'email', type: 'text', nullable: false, unique: true },
        { name: 'department_id', type: 'integer', nullable: true, unique: false, references: 'departments.id' },
      ]),
    });
  });
});

describe('test-db query selects rows by structured parameters', () => {
  it('is the default command', () => {
    expect(db.defaultCommand).toBe('query');
  });

  it('returns all columns in primary key order by default', async () => {
    const data = await callData(db, 'query', { table: 'departments' });
    expect(data).toEqual({
      table: 'departments',
      rows: departments,
      rowCount: departments.length,
      totalCount: departments.length,
    });
  });

  it('filters by column equality, with null meaning IS NULL', async () => {
    const engineers = employees.filter((employee) => employee.department_id === engineering.id);
    expect(await rows({ table: 'employees', where: { department_id: engineering.id } })).toEqual(engineers);
    expect(
      await rows({ table: 'employees', where: { department_id: engineering.id, active: true }, columns: ['id'] }),
    ).toEqual(engineers.filter((employee) => employee.active).map((employee) => ({ id: employee.id })));
    expect(await rows({ table: 'employees', where: { manager_id: null }, columns: ['title'] })).toEqual([
      { title: 'Chief Executive Officer' },
    ]);
  });

  it('orders, limits and offsets, reporting the total before the limit', async () => {
    const byName = [...employees].sort((left, right) =>
      String(left.last_name) < String(right.last_name) ? 1 : String(left.last_name) > String(right.last_name) ? -1 : 0,
    );
    const data = await callData(db, 'query', {
      table: 'employees',
      columns: ['last_name'],
      orderBy: { column: 'last_name', direction: 'desc' },
      limit: 5,
      offset: 2,
    });
    expect(data.rows).toEqual(byName.slice(2, 7).map((employee) => ({ last_name: employee.last_name })));
    expect(data).toMatchObject({ rowCount: 5, totalCount: employees.length });
    expect(
      await rows({ table: 'employees', orderBy: ['department_id', { column: 'id', direction: 'desc' }], limit: 1 }),
    ).toEqual([employees.filter((employee) => employee.department_id === 1).at(-1)]);
  });

  it('fails clearly for unknown tables and columns and mistyped values', async () => {
    expect(await call(db, 'query', { table: 'salaries' })).toEqual({
      success: false,
      error: 'relation "salaries" does not exist; tables: departments, employees, accounts',
      code: 'not_found',
    });
    for (const parameters of [
      { table: 'employees', where: { salary: 1 } },
      { table: 'employees', columns: ['salary'] },
      { table: 'employees', orderBy: 'salary' },
    ]) {
      const result = await call(db, 'query', parameters);
      expect(result).toMatchObject({ success: false, code: 'invalid_parameters' });
      expect(result.error).toMatch(/column "salary" of relation "employees" does not exist/);
    }
    expect(await call(db, 'query', { table: 'employees', where: { id: 'one' } })).toEqual({
      success: false,
      error: 'invalid input for column "id" of type integer: "one"',
      code: 'invalid_parameters',
    });
  });
});

describe('test-db insert enforces keys and constraints', () => {
  it('inserts a row with the next free id', async () => {
    const data = await callData(db, 'insert', { table: 'employees', row: newEmployee });
    const expected = { id: employees.length + 1, ...newEmployee, title: null, manager_id: null };
    expect(data).toEqual({ table: 'employees', insertedCount: 1, rows: [expected] });
    expect(await rows({ table: 'employees', where: { email: 'nora.new@example.test' } })).toEqual([expected]);
  });

  it('inserts several rows, which may reference each other', async () => {
    const data = await callData(db, 'insert', {
      table: 'employees',
      rows: [
        { ...newEmployee, id: 500 },
        { ...newEmployee, employee_number: 'E900002', email: 'ned.new@example.test', manager_id: 500 },
      ],
    });
    expect((data.rows as { id: number }[]).map((row) => row.id)).toEqual([500, 501]);
  });

  it('refuses a duplicate primary key or unique value', async () => {
    expect(await call(db, 'insert', { table: 'employees', row: { ...newEmployee, id: 1 } })).toEqual({
      success: false,
      error: 'duplicate key value violates primary key of "employees": (id)=(1) already exists',
      code: 'already_exists',
    });
    expect(
      await call(db, 'insert', { table: 'employees', row: { ...newEmployee, email: employees[0]!.email } }),
    ).toMatchObject({ success: false, code: 'already_exists', error: expect.stringMatching(/\(email\)/) });
  });

  it('refuses missing required values, broken references and mistyped values', async () => {
    const { hire_date: _hireDate, ...withoutHireDate } = newEmployee;
    const attempts: [Record<string, unknown>, string, RegExp][] = [
      [withoutHireDate, 'constraint_violation', /null value in column "hire_date"/],
      [{ ...newEmployee, department_id: 999 }, 'constraint_violation', /violates foreign key "department_id"/],
      [{ ...newEmployee, hire_date: '2030-02-30' }, 'invalid_parameters', /type date/],
      [{ ...newEmployee, active: 'yes' }, 'invalid_parameters', /type boolean/],
      [{ ...newEmployee, nickname: 'Nori' }, 'invalid_parameters', /column "nickname"/],
    ];
    for (const [row, code, reason] of attempts) {
      const result = await call(db, 'insert', { table: 'employees', row });
      expect(result).toMatchObject({ success: false, code });
      expect(result.error).toMatch(reason);
    }
  });

  it('inserts nothing when one row of several is refused', async () => {
    const result = await call(db, 'insert', {
      table: 'employees',
      rows: [newEmployee, { ...newEmployee, employee_number: 'E900002' }],
    });
    expect(result).toMatchObject({ success: false, code: 'already_exists' });
    expect(await rows({ table: 'employees', where: { last_name: 'New' } })).toEqual([]);
  });

  it('fails for an unknown table', async () => {
    expect(await call(db, 'insert', { table: 'salaries', row: { id: 1 } })).toMatchObject({
      success: false,
      code: 'not_found',
    });
  });
});

describe('test-db update reports the rows it changed', () => {
  it('updates every matching row and reports how many', async () => {
    const engineers = employees.filter((employee) => employee.department_id === engineering.id).length;
    expect(
      await call(db, 'update', {
        table: 'employees',
        where: { department_id: engineering.id },
        set: { title: 'Engineer' },
      }),
    ).toEqual({ success: true, data: { table: 'employees', affectedRows: engineers } });
    expect(await rows({ table: 'employees', where: { title: 'Engineer' }, columns: ['id'] })).toHaveLength(engineers);
  });

  it('reports zero rows when nothing matches', async () => {
    expect(await callData(db, 'update', { table: 'employees', where: { id: 9999 }, set: { title: 'x' } })).toEqual({
      table: 'employees',
      affectedRows: 0,
    });
  });

  it('refuses primary key changes, duplicates, broken references and nulls in required columns', async () => {
    const attempts: [Record<string, unknown>, string][] = [
      [{ id: 777 }, 'constraint_violation'],
      [{ email: employees[1]!.email }, 'already_exists'],
      [{ department_id: 999 }, 'constraint_violation'],
      [{ first_name: null }, 'constraint_violation'],
      [{ hire_date: 'yesterday' }, 'invalid_parameters'],
      [{ salary: 1 }, 'invalid_parameters'],
    ];
    for (const [set, code] of attempts)
      expect(await call(db, 'update', { table: 'employees', where: { id: 1 }, set })).toMatchObject({
        success: false,
        code,
      });
    expect(await rows({ table: 'employees', where: { id: 1 } })).toEqual([employees[0]]);
  });
});

describe('test-db delete reports the rows it removed and keeps references intact', () => {
  it('deletes matching rows and reports how many; a repeat deletes none', async () => {
    const employeeId = employees.at(-1)!.id;
    const owned = accounts.filter((account) => account.employee_id === employeeId).length;
    expect(await callData(db, 'delete', { table: 'accounts', where: { employee_id: employeeId } })).toEqual({
      table: 'accounts',
      affectedRows: owned,
    });
    expect(await callData(db, 'delete', { table: 'accounts', where: { employee_id: employeeId } })).toEqual({
      table: 'accounts',
      affectedRows: 0,
    });
    expect(await callData(db, 'delete', { table: 'employees', where: { id: employeeId } })).toMatchObject({
      affectedRows: 1,
    });
  });

  it('refuses to delete rows that others still reference', async () => {
    const result = await call(db, 'delete', { table: 'departments', where: { id: engineering.id } });
    expect(result).toMatchObject({ success: false, code: 'constraint_violation' });
    expect(result.error).toMatch(/violates foreign key "employees.department_id"/);
    expect(await rows({ table: 'departments', where: { id: engineering.id } })).toHaveLength(1);
  });

  it('fails for an unknown table or column', async () => {
    expect(await call(db, 'delete', { table: 'salaries', where: {} })).toMatchObject({ code: 'not_found' });
    expect(await call(db, 'delete', { table: 'accounts', where: { owner: 1 } })).toMatchObject({
      code: 'invalid_parameters',
    });
  });
});

describe('test-db reset restores the seeded rows', () => {
  it('undoes inserts, updates and deletes', async () => {
    await callData(db, 'insert', { table: 'employees', row: newEmployee });
    await callData(db, 'update', { table: 'departments', where: {}, set: { location: 'Mars' } });
    await callData(db, 'delete', { table: 'accounts', where: {} });
    connector.reset();
    for (const [table, seededRows] of seeded) expect(await rows({ table, limit: 1000 })).toEqual(seededRows);
  });
});
