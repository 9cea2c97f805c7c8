const FILE = /^([A-Za-z0-9_-]{1,64})\.pdf$/;

/**
 * A one-page PDF for a seeded file id, so a front-end's download link opens a document instead of failing
 * on a host that does not exist. The same bytes for the same id; undefined for a name that is not `{id}.pdf`.
 * @example placeholderDocument('520d7a45-b89e-4889-8e0d-20598a66780e.pdf')?.subarray(0, 8).toString() // '%PDF-1.4'
 */
export function placeholderDocument(file: string): Buffer | undefined {
  const id = FILE.exec(file)?.[1];
  if (id === undefined) return undefined;
  // The id holds only [A-Za-z0-9_-], so it needs no escaping inside a PDF string.
  const text = `BT /F1 18 Tf 72 720 Td (subcat placeholder document) Tj 0 -28 Td /F1 12 Tf (${id}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [at, body] of objects.entries()) {
    offsets.push(pdf.length);
    pdf += `${at + 1} 0 obj\n${body}\nendobj\n`;
  }
  // The cross-reference table: each entry exactly 20 bytes, the byte offset of its object.
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
