// Authoring code reads and writes the published formats, so every `import CatalogModel` sees them too.
@_exported import CatalogFormat
