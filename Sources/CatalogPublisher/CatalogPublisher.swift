// CatalogPublisher
