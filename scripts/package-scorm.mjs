// npm run package:scorm: a SCORM 1.2 package of the built site (dist/) for an LMS:
// imsmanifest.xml at the root beside every file of dist/, zipped to build/posenc-scorm.zip.
// The page finds the LMS API at run time (web/lms.js) and runs normally without one.
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { zipSync } from 'fflate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const output = path.join(root, 'build', 'posenc-scorm.zip');

/** Every file under `folder`, as paths relative to it with forward slashes. */
function filesUnder(folder, prefix = '') {
  return readdirSync(folder).sort().flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

const escapeXml = (text) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]);

export function manifest(files, version) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="posenc-${escapeXml(version)}" version="1.2"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="posenc-course">
    <organization identifier="posenc-course">
      <title>posenc: positional encodings in transformers</title>
      <item identifier="posenc-quiz" identifierref="posenc-site">
        <title>Flash cards and live views</title>
        <adlcp:masteryscore>70</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="posenc-site" type="webcontent" adlcp:scormtype="sco" href="index.html?view=quiz">
${files.map((file) => `      <file href="${escapeXml(file)}"/>`).join('\n')}
    </resource>
  </resources>
</manifest>
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = filesUnder(dist);
  if (!files.includes('index.html')) {
    console.error('package:scorm: dist/ has no index.html; run npm run build first');
    process.exit(1);
  }
  const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  const entries = { 'imsmanifest.xml': new TextEncoder().encode(manifest(files, version)) };
  for (const file of files) entries[file] = readFileSync(path.join(dist, file));
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, zipSync(entries, { level: 9 }));
  console.log(`package:scorm: ${files.length} files and imsmanifest.xml -> ${path.relative(root, output)} (${statSync(output).size} bytes)`);
}
