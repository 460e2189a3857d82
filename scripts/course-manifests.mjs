// The manifests of posenc's course packages (scripts/package-course.mjs writes the packages):
// SCORM 1.2 and SCORM 2004 4th edition imsmanifest.xml, and cmi5's cmi5.xml. Each launches a plain
// file (index.html, no query string, which some LMSs mangle: the quiz is the page's default view)
// and names, in xsi:schemaLocation, the schema files the package holds (course-schemas/<format>/).
import { fileURLToPath } from 'node:url';
import { OBJECTIVES, activityIri } from '../web/lms/interactions.js';

/** Each format's namespaces, with the schema file (in course-schemas/<format>/) that defines each. */
export const SCHEMA_LOCATIONS = Object.freeze({
  scorm12: [
    ['http://www.imsproject.org/xsd/imscp_rootv1p1p2', 'imscp_rootv1p1p2.xsd'],
    ['http://www.adlnet.org/xsd/adlcp_rootv1p2', 'adlcp_rootv1p2.xsd'],
  ],
  scorm2004: [
    ['http://www.imsglobal.org/xsd/imscp_v1p1', 'imscp_v1p1.xsd'],
    ['http://www.adlnet.org/xsd/adlcp_v1p3', 'adlcp_v1p3.xsd'],
    ['http://www.imsglobal.org/xsd/imsss', 'imsss_v1p0.xsd'],
  ],
  cmi5: [['https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd', 'CourseStructure.xsd']],
});
/** The folder of a format's schema files, which its package holds at its root. */
export const schemaFolder = (format) => fileURLToPath(new URL(`course-schemas/${format}/`, import.meta.url));

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
/** The namespace declarations of a format's root element: its own namespace, its prefixes, and where each schema is. */
const namespaceAttributes = (format, prefixes) =>
  [
    `xmlns="${SCHEMA_LOCATIONS[format][0][0]}"`,
    ...prefixes.map((prefix, index) => `xmlns:${prefix}="${SCHEMA_LOCATIONS[format][index + 1][0]}"`),
    `xmlns:xsi="${XSI}"`,
    `xsi:schemaLocation="${SCHEMA_LOCATIONS[format].flat().join(' ')}"`,
  ].join('\n  ');

/** The share of checked answers that passes (web/lms/standing.js judges it; the LMS passes it on). */
export const MASTERY_SCORE = 0.7;
export const TITLE = 'posenc: positional encodings in transformers';
export const LAUNCH_FILE = 'index.html';
const DESCRIPTION = 'Flash cards on positional encodings with answers computed by a C++ engine in WebAssembly, and live views of every scheme.';

const escapeXml = (text) => String(text).replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]);
const fileList = (files, indent) => files.map((file) => `${indent}<file href="${escapeXml(file)}"/>`).join('\n');

/**
 * A SCORM manifest: one organization with one item, launching one resource that lists every file.
 * @param {{ version: string, manifestVersion: string, namespaces: string, schemaVersion: string, itemExtras: string, scormType: string, files: string[] }} parts
 *   itemExtras: the item's elements after its title; scormType: the resource attribute naming it a SCO
 */
function scormManifest({ version, namespaces, schemaVersion, itemExtras, scormType, files, manifestVersion }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="posenc-${escapeXml(version)}" version="${manifestVersion}"
  ${namespaces}>
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${schemaVersion}</schemaversion>
  </metadata>
  <organizations default="posenc-course">
    <organization identifier="posenc-course">
      <title>${escapeXml(TITLE)}</title>
      <item identifier="posenc-quiz" identifierref="posenc-site">
        <title>Flash cards and live views</title>
${itemExtras}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="posenc-site" type="webcontent" ${scormType}="sco" href="${LAUNCH_FILE}">
${fileList(files, '      ')}
    </resource>
  </resources>
</manifest>
`;
}

/** SCORM 1.2 (IMS CP 1.1.2 with ADL's adlcp extensions). */
export function scorm12Manifest(files, version) {
  return scormManifest({
    version,
    files,
    manifestVersion: '1.2',
    schemaVersion: '1.2',
    scormType: 'adlcp:scormtype',
    namespaces: namespaceAttributes('scorm12', ['adlcp']),
    itemExtras: `        <adlcp:masteryscore>${Math.round(MASTERY_SCORE * 100)}</adlcp:masteryscore>`,
  });
}

/**
 * SCORM 2004 4th edition: the primary objective (the checked answers, as the page names it) is
 * satisfied by the scaled score reaching MASTERY_SCORE.
 * @param {string[]} files @param {string} version @param {string} iriBase
 */
export function scorm2004Manifest(files, version, iriBase) {
  return scormManifest({
    version,
    files,
    manifestVersion: '1',
    schemaVersion: '2004 4th Edition',
    scormType: 'adlcp:scormType',
    namespaces: namespaceAttributes('scorm2004', ['adlcp', 'imsss']),
    itemExtras: `        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="${escapeXml(activityIri.objective(iriBase, OBJECTIVES.checked))}" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${MASTERY_SCORE}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`,
  });
}

/**
 * cmi5 course structure: one AU, done when completed and passed at MASTERY_SCORE.
 * @param {string} iriBase  the course's IRI base; the course and AU ids are made from it
 */
export function cmi5CourseStructure(iriBase) {
  const langstring = (text) => `<langstring lang="en-US">${escapeXml(text)}</langstring>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure ${namespaceAttributes('cmi5', [])}>
  <course id="${escapeXml(`${iriBase}course`)}">
    <title>${langstring(TITLE)}</title>
    <description>${langstring(DESCRIPTION)}</description>
  </course>
  <au id="${escapeXml(`${iriBase}au`)}" moveOn="CompletedAndPassed" masteryScore="${MASTERY_SCORE}" launchMethod="AnyWindow">
    <title>${langstring('Flash cards and live views')}</title>
    <description>${langstring(DESCRIPTION)}</description>
    <url>${LAUNCH_FILE}</url>
  </au>
</courseStructure>
`;
}
