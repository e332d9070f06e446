// npm scripts run on the pinned Node 24 (devDependency "node"); warn early when that did not happen.
// 24.7: node:crypto's argon2 for password hashes (docs/adr/0021-password-hashing.md).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 24 || (major === 24 && minor < 7)) {
  console.warn(
    `partsfront: running on Node ${process.versions.node}; password hashing (Argon2id) needs >= 24.7. Run tools through npm scripts so the pinned node@24 is used.`,
  );
}
