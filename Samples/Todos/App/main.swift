await TodosApp.run()
