// Test helpers of @mason/server-domains (specs and end-to-end set-ups only): name every export.
export { startTestDnsServer } from './testing/test-dns-server';
export type {
  TestDnsRecordType,
  TestDnsServer,
  TestDnsServerOptions,
} from './testing/test-dns-server';
