import { describe, expect, it } from '@jest/globals';
import { loadToolServerConfig } from '../../src/tool-server/config.js';

describe('the tool server configuration', () => {
  const base = { SVC_API_URL: 'http://localhost:3000' };

  it('reads TOOLS_ALLOWED_ORIGINS as a comma-separated list of origins, none by default', () => {
    expect(loadToolServerConfig(base).allowedOrigins).toEqual([]);
    expect(
      loadToolServerConfig({ ...base, TOOLS_ALLOWED_ORIGINS: ' https://assistant.example, http://localhost:5173 ' })
        .allowedOrigins,
    ).toEqual(['https://assistant.example', 'http://localhost:5173']);
  });

  it('refuses an entry that is not an origin, naming it', () => {
    expect(() =>
      loadToolServerConfig({ ...base, TOOLS_ALLOWED_ORIGINS: 'https://assistant.example/path,assistant.example' }),
    ).toThrow(/TOOLS_ALLOWED_ORIGINS: https:\/\/assistant\.example\/path is not an origin/);
  });

  it('refuses an SVC_API_URL without http:// or https://, naming it', () => {
    for (const url of ['localhost:3000', 'ftp://files.example', 'localhost', '', '/api']) {
      expect(() => loadToolServerConfig({ SVC_API_URL: url })).toThrow(
        /SVC_API_URL: SVC_API_URL must be the base address of the Flowgate API with http:\/\/ or https:\/\//,
      );
    }
    expect(() => loadToolServerConfig({ SVC_API_URL: 'ftp://files.example' })).toThrow('(not "ftp://files.example")');
    expect(loadToolServerConfig({ SVC_API_URL: 'https://flowgate.example/' }).apiUrl).toBe('https://flowgate.example');
  });

  it('reads TOOLS_ENABLED as toolset names (every toolset by default) and refuses unknown ones, listing the known', () => {
    expect(loadToolServerConfig(base).toolsets).toEqual([
      'workflows',
      'runs',
      'connectors',
      'directory',
      'schedules',
      'config',
      'reviews',
    ]);
    expect(loadToolServerConfig({ ...base, TOOLS_ENABLED: ' runs, workflows ' }).toolsets).toEqual([
      'runs',
      'workflows',
    ]);
    expect(() => loadToolServerConfig({ ...base, TOOLS_ENABLED: 'runs,users,flows' })).toThrow(
      'TOOLS_ENABLED: unknown toolset(s) users, flows: the toolsets are workflows, runs, connectors, directory, schedules, config, reviews',
    );
  });

  it('reads TOOLS_READ_ONLY as true or false, false by default', () => {
    expect(loadToolServerConfig(base).readOnly).toBe(false);
    expect(loadToolServerConfig({ ...base, TOOLS_READ_ONLY: 'true' }).readOnly).toBe(true);
    expect(() => loadToolServerConfig({ ...base, TOOLS_READ_ONLY: 'yes' })).toThrow(
      'TOOLS_READ_ONLY: TOOLS_READ_ONLY must be true or false',
    );
  });
});
