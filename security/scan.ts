// sqlmap and wapiti (Debian packages) against the real server on the embedded defaults, signed in
// as a customer (and an administrator for the admin-only queries), with bounded run times.
// Not part of `npm test`: `npm run security:scan`. Reports go to SCAN_OUT (default data/scan).
//
//   SCAN_SQLMAP_SECONDS  time limit per sqlmap target (default 240)
//   SCAN_WAPITI_SECONDS  wapiti's --max-scan-time (default 420)
//   SCAN_ONLY            sqlmap | wapiti: run one scanner only
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { retryClosedConnections } from '../e2e/support/patient-fetch.ts';
import { apiAs, createAccount } from '../e2e/support/reports.ts';
import { startServer } from '../e2e/support/server.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(root, process.env.SCAN_OUT ?? 'data/scan');
const sqlmapSeconds = Number(process.env.SCAN_SQLMAP_SECONDS ?? 240);
const wapitiSeconds = Number(process.env.SCAN_WAPITI_SECONDS ?? 420);
const only = process.env.SCAN_ONLY;
const CSRF_HEADER = 'X-Requested-With: XMLHttpRequest';

// sqlmap sends thousands of requests to the login route: the per-minute limit would answer 429.
process.env.RATE_LIMIT_AUTH_PER_MINUTE = '100000';

/** Runs a command to its end or for at most `seconds`, its output into `logFile`. */
function run(command: string, args: string[], logFile: string, seconds: number) {
  return new Promise<{ output: string; seconds: number; timedOut: boolean }>((resolve) => {
    const started = Date.now();
    const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }, seconds * 1000);
    child.on('exit', async () => {
      clearTimeout(timer);
      await writeFile(logFile, output);
      resolve({ output, seconds: Math.round((Date.now() - started) / 1000), timedOut });
    });
  });
}

const cookieOf = async (baseUrl: string, account: { email: string; password: string }) => {
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(account),
  });
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
};

retryClosedConnections();
await mkdir(outDir, { recursive: true });
const server = await startServer({ readyTimeoutMs: 600_000 });
const base = server.baseUrl.replace('localhost', '127.0.0.1');
const findings: string[] = [];
try {
  const stamp = Date.now();
  const customer = { email: `scan-${stamp}@example.com`, password: 'Assyrtiko-Santorini-5' };
  const admin = { email: `scan-ops-${stamp}@example.com`, password: 'Vidiano-Crete-8' };
  createAccount(server, customer, 'b2b_admin');
  createAccount(server, admin, 'admin');
  const asCustomer = await apiAs(server, customer);
  const field = await asCustomer('POST', '/field/create', {
    title: 'Nemea Scan Block',
    variety: 'Agiorgitiko',
    usedFor: 1,
    age: 12,
    altitude: 310,
    slope: 3,
    avgPlantHeight: 1.6,
    polygonPoints: [
      [22.7, 37.8],
      [22.703, 37.8],
      [22.703, 37.802],
      [22.7, 37.802],
      [22.7, 37.8],
    ],
    mapDisplay: { lat: 37.801, lng: 22.7015, zoom: 16 },
  });
  await asCustomer('POST', '/field/shoot/create', {
    fieldUuid: field.data.uuid,
    service: 'manual',
    shoots: 3,
  });
  const address = await asCustomer('POST', '/user/address', {
    city: 'Nemea',
    country: 'Greece',
    state: 'Corinthia',
    zip_postcode: '205 00',
    line_1: '12 Vineyard Road',
  });
  const fieldUuid: string = field.data.uuid;
  const customerCookie = await cookieOf(server.baseUrl, customer);
  const adminCookie = await cookieOf(server.baseUrl, admin);

  if (only !== 'wapiti') {
    const json = (body: unknown) => JSON.stringify(body);
    const targets: { name: string; url: string; data?: string; method?: string; cookie: string }[] = [
      { name: 'fields-query', url: `${base}/api/fields?type=cart`, cookie: customerCookie },
      { name: 'field-path', url: `${base}/api/field/${fieldUuid}*`, cookie: customerCookie },
      {
        name: 'soil-query',
        url: `${base}/api/agro/getSoilData?fieldUuid=${fieldUuid}&agroId=agro-1&dateStart=2025-05-01`,
        cookie: customerCookie,
      },
      { name: 'notifications-query', url: `${base}/api/notifications?type=unread`, cookie: customerCookie },
      {
        name: 'field-update-json',
        url: `${base}/api/field/update`,
        data: json({
          uuid: fieldUuid,
          title: 'Nemea Scan Block',
          variety: 'Agiorgitiko',
          usedFor: 1,
          age: 12,
          altitude: 310,
          slope: 3,
          avgPlantHeight: 1.6,
        }),
        cookie: customerCookie,
      },
      {
        name: 'address-update-json',
        url: `${base}/api/user/update/address`,
        data: json({
          prevAddressId: address.address.id,
          city: 'Nemea',
          country: 'Greece',
          state: 'Corinthia',
          zip_postcode: '205 00',
          line_1: '12 Vineyard Road',
        }),
        cookie: customerCookie,
      },
      { name: 'coupon-path', url: `${base}/api/coupon/code/HARVEST10*`, cookie: customerCookie },
      {
        name: 'login-json',
        url: `${base}/api/user/login`,
        data: json({ email: customer.email, password: 'wrong-password' }),
        cookie: '',
      },
      {
        name: 'audit-query-admin',
        url: `${base}/api/audit?page=1&pageSize=4&action=coupon.create`,
        cookie: adminCookie,
      },
      {
        name: 'analytics-query-admin',
        url: `${base}/api/analytics/overview?from=2025-03-01&to=2025-05-31`,
        cookie: adminCookie,
      },
    ];
    for (const target of targets) {
      const args = [
        '-u',
        target.url,
        '--batch',
        '--level=2',
        '--risk=2',
        '--dbms=PostgreSQL',
        '--threads=2',
        '--timeout=10',
        '--retries=1',
        // A wrong password (401) or an unknown field or coupon (404) is an answer to compare, not
        // the end of the scan.
        '--ignore-code=401,404',
        '--flush-session',
        '--disable-coloring',
        `--output-dir=${path.join(outDir, 'sqlmap')}`,
        `--headers=${CSRF_HEADER}${target.data ? '\nContent-Type: application/json' : ''}`,
        // The session cookie is sent as is; injecting into it would only sign the scan out.
        '--skip=ampelos_session',
        ...(target.cookie ? [`--cookie=${target.cookie}`] : []),
        ...(target.data ? [`--data=${target.data}`] : []),
        ...(target.method ? [`--method=${target.method}`] : []),
      ];
      const result = await run('sqlmap', args, path.join(outDir, `sqlmap-${target.name}.log`), sqlmapSeconds);
      const injectable = /identified the following injection point/.test(result.output);
      const clean = [...result.output.matchAll(/parameter '([^']+)' does not seem to be injectable/g)].map(
        (match) => match[1],
      );
      const verdict = injectable
        ? 'INJECTABLE'
        : (result.output.match(/\[CRITICAL\][^\n]*/)?.[0] ??
          `not injectable: ${clean.join(', ') || 'none tested'}${result.timedOut ? ' (time limit reached)' : ''}`);
      const codes = result.output.match(/HTTP error codes detected during run:\n([^\n]*)/)?.[1] ?? 'none';
      const line = `sqlmap ${target.name.padEnd(22)} ${String(result.seconds).padStart(4)} s  ${verdict}; answers: ${codes}`;
      console.log(line);
      if (injectable) findings.push(line);
    }
  }

  if (only !== 'sqlmap') {
    const cookieFile = path.join(outDir, 'wapiti-cookie.json');
    const [name, value] = customerCookie.split('=');
    await writeFile(
      cookieFile,
      JSON.stringify({
        '127.0.0.1': {
          '/': { [name ?? '']: { value, version: 0, secure: false, expires: null, port: null } },
        },
      }),
    );
    const report = path.join(outDir, 'wapiti.json');
    const starts = [
      '/fields',
      '/profile/',
      '/cart',
      `/api/fields?type=cart`,
      `/api/field/${fieldUuid}`,
      '/api/agro/getSoilData?agroId=agro-1&dateStart=2025-05-01',
      '/api/notifications?type=unread',
      '/api/guides/how-to-fly?lang=en',
      '/api/openapi.json',
    ];
    const args = [
      '-u',
      `${base}/`,
      '--scope',
      'folder',
      '-c',
      cookieFile,
      '-H',
      CSRF_HEADER,
      ...starts.flatMap((start) => ['-s', `${base}${start}`]),
      // No -x: Debian's wapiti 3.0.4 fails on Python 3.11 compiling any excluded URL. Signing out
      // and deleting the account are JSON POSTs the crawler cannot find in the pages.
      // Default modules without ssrf (it needs the internet), plus the offline header checks.
      '-m',
      'backup,blindsql,cookieflags,crlf,csp,exec,file,htaccess,http_headers,methods,permanentxss,redirect,sql,xss,xxe',
      '--max-scan-time',
      String(wapitiSeconds),
      '--max-attack-time',
      String(Math.round(wapitiSeconds / 8)),
      '--flush-session',
      '--no-bugreport',
      '-f',
      'json',
      '-o',
      report,
    ];
    const result = await run('wapiti', args, path.join(outDir, 'wapiti.log'), wapitiSeconds + 120);
    console.log(`wapiti ${result.seconds} s${result.timedOut ? ' (stopped at the time limit)' : ''}`);
    const parsed = JSON.parse(await readFile(report, 'utf8').catch(() => '{}')) as {
      vulnerabilities?: Record<string, { method: string; path: string; info: string; parameter: string }[]>;
      anomalies?: Record<string, { method: string; path: string; info: string }[]>;
    };
    for (const [kind, list] of Object.entries({ ...parsed.vulnerabilities, ...parsed.anomalies })) {
      for (const item of list) {
        const line = `wapiti ${kind}: ${item.method} ${item.path} — ${item.info}`;
        console.log(line);
        findings.push(line);
      }
    }
  }
} finally {
  await server.stop();
}
console.log(
  `\n${findings.length} finding(s)${findings.length ? `:\n${findings.join('\n')}` : ''}\nLogs in ${outDir}`,
);
