// `npm run env-example`: writes .env.example from the configuration schema (src/lib/config/env-schema.ts).
import fs from 'node:fs';
import { envExample } from '#lib/config/env-example.ts';

fs.writeFileSync('.env.example', envExample());
console.log('wrote .env.example');
