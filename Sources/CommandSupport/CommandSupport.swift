// CommandSupport
